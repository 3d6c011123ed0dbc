// 404 helper, bundled into /404.html (not inline, so the CSP hash is Astro's own).
// When the missing address was a trace (/traces/<slug>/, /trace/…, a per-run
// JSON file, or a query-style /trace/?fencing=off), it offers up to three
// valid trace pages nearest to what was typed (src/components/trace/nearest.ts),
// keeping any #tN so the reader still lands on the tick they wanted.
// The site's base path comes from the page (data-base on #slug-help), so this
// works when the site is hosted under a sub-path.
import { nearestSlugs, traceSlugFromPath } from '../components/trace/nearest.ts';
import { changedFromMain } from '../model/switches.ts';
import { describeSetting } from '../lib/vocabulary.ts';
import { tracePath } from '../lib/routes.ts';
import { joinBase } from '../lib/paths.ts';

const help = document.getElementById('slug-help');

if (help) {
  const base = help.dataset.base || '/';
  const typed = traceSlugFromPath(location.pathname, base, location.search);
  if (typed !== null) {
    const suggestions = nearestSlugs(typed, 3);
    const hash = /^#t\d+$/.test(location.hash) ? location.hash : '';
    const box = document.createElement('section');
    box.className = 'notice';
    box.setAttribute('aria-labelledby', 'nf-heading');
    const h = document.createElement('h2');
    h.id = 'nf-heading';
    h.textContent = suggestions.length
      ? 'Did you mean one of these traces?'
      : 'No trace has an address like this';
    box.append(h);
    if (suggestions.length) {
      const list = document.createElement('ul');
      list.className = 'nf-suggestions';
      for (const s of suggestions) {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = joinBase(base, tracePath(s.switches)) + hash;
        const words = changedFromMain(s.switches).length
          ? describeSetting(s.switches)
          : 'the main trace';
        a.textContent = words.charAt(0).toUpperCase() + words.slice(1);
        const code = document.createElement('code');
        code.textContent = s.slug;
        li.append(a, document.createTextNode(' '), code);
        list.append(li);
      }
      box.append(list);
    } else {
      const p = document.createElement('p');
      p.textContent = 'Nothing typed there is close to the words of a trace address.';
      box.append(p);
    }
    help.prepend(box);
  }
}
