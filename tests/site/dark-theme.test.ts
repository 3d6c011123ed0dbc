// What the dark theme may change on a page, held over the built site. The browser suite's
// desktop-dark project runs only axe-core's colour rules over each page, and every rule over the
// theme toggle (tests/browser/pages.spec.ts, COLOUR_RULES and THEMED); that is enough only while
// the theme changes colours and nothing else but the few things listed here:
//   CSS   every rule that applies in one theme only (a `data-theme=…` selector or a
//         `prefers-color-scheme` media query) sets a colour, or is one of THEME_ONLY
//         (the toggle's icons; highlighted code's font style and weight, which change only what
//         counts as large text for the contrast rule, which runs in dark);
//   JS    the scripts that read the theme (`prefers-color-scheme`, `data-theme`) are the no-flash
//         script and the toggle's, and they set no attribute but `data-theme` and `aria-pressed`
//         (the toggle's own, covered by THEMED) and change no other markup.
// Colours written with light-dark() need no rule here: it accepts colours only.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { DIST, page } from './dist.ts';
import { PAGES, fileFor } from '../browser/pages.mjs';

const THEMED = /data-theme\s*=|prefers-color-scheme/;
/** Properties that set a colour and nothing else. */
const COLOUR =
  /^(color|color-scheme|fill|stroke|background-color|caret-color|accent-color|(border(-(top|right|bottom|left|block|inline)(-(start|end))?)?|outline|text-decoration|text-emphasis|column-rule|flood|lighting|stop)-color)$/;
/** Theme-only declarations that are not colours, and why they are allowed (see the head). */
const THEME_ONLY: [RegExp, RegExp][] = [
  [/\.theme-toggle \.icon-(sun|moon)\b/, /^display$/],
  [/\.astro-code span$/, /^font-(style|weight)$/],
];

const astro = join(DIST, '_astro');
const sheets = readdirSync(astro)
  .filter((f) => f.endsWith('.css'))
  .map((f) => [f, readFileSync(join(astro, f), 'utf8')] as const);
const pages = PAGES.filter((p) => !p.status).map((p) => [p.name, page(fileFor(p))] as const);
for (const [name, html] of pages)
  for (const [, css = ''] of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g))
    sheets.push([`${name} <style>`, css]);

/** Every declaration of a theme-only rule that is neither a colour nor allowed by THEME_ONLY. */
function themeOnlyDeclarations(css: string) {
  const out: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    let media = '';
    for (let p: postcss.Node | undefined = rule.parent; p; p = p.parent)
      if (p instanceof postcss.AtRule && p.name === 'media') media += p.params;
    if (!THEMED.test(rule.selector) && !THEMED.test(media)) return;
    rule.walkDecls((d) => {
      if (COLOUR.test(d.prop)) return;
      const parts = rule.selectors.filter((s) => THEMED.test(s) || THEMED.test(media));
      if (parts.every((s) => THEME_ONLY.some(([sel, prop]) => sel.test(s) && prop.test(d.prop))))
        return;
      out.push(`${rule.selector} { ${d.prop}: ${d.value} }`);
    });
  });
  return out;
}

describe('the dark theme changes colours, and only what the browser suite checks besides', () => {
  it('every theme-only CSS rule sets a colour, or the toggle’s icon or code’s font', () => {
    expect(sheets.length).toBeGreaterThan(1);
    const found = sheets.flatMap(([f, css]) => themeOnlyDeclarations(css).map((x) => `${f}: ${x}`));
    expect(found).toEqual([]);
  });

  it('recognises a theme-only rule that changes layout', () => {
    expect(
      themeOnlyDeclarations(
        ':root[data-theme=dark] .x{color:red;width:10px}@media (prefers-color-scheme:dark){.y{display:none}}',
      ),
    ).toEqual([':root[data-theme=dark] .x { width: 10px }', '.y { display: none }']);
  });

  it('every page has one theme toggle, with the same markup (axe reads it in dark on one page)', () => {
    const toggles = pages.map(([name, html]) => [
      name,
      [...html.matchAll(/<button[^>]*data-theme-toggle[\s\S]*?<\/button>/g)].map((m) => m[0]),
    ]);
    for (const [name, found] of toggles) expect(found, String(name)).toHaveLength(1);
    expect(new Set(toggles.map(([, found]) => found?.[0])).size).toBe(1);
  });

  it('the scripts that read the theme set data-theme and aria-pressed, nothing else', () => {
    const scripts = [
      ...readdirSync(astro)
        .filter((f) => f.endsWith('.js'))
        .map((f) => readFileSync(join(astro, f), 'utf8')),
      ...pages.flatMap(([, html]) =>
        [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? ''),
      ),
    ].filter((s) => THEMED.test(s));
    const distinct = [...new Set(scripts)];
    // The no-flash script (ThemeScript.astro) and the toggle's (ThemeToggle.astro).
    expect(distinct).toHaveLength(2);
    for (const s of distinct) {
      const attrs = [...s.matchAll(/setAttribute\(\s*["'`]([^"'`]+)["'`]/g)].map((m) => m[1]);
      expect(attrs.length).toBeGreaterThan(0);
      expect(new Set(attrs)).toEqual(
        new Set(attrs.filter((a) => a === 'data-theme' || a === 'aria-pressed')),
      );
      expect(s).not.toMatch(
        /innerHTML|outerHTML|insertAdjacent|\.append|\.prepend|classList|\.style\b|textContent|removeAttribute|toggleAttribute|\.hidden\s*=/,
      );
    }
  });
});
