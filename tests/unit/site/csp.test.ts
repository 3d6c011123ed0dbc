// Least-privilege CSP: the build's narrowing (src/integrations/least-privilege-csp.mjs) and
// check-dist's csp check (scripts/check-dist.mjs), each shown failing on a page that
// grants more than it uses, and passing on the narrowed page.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analyse, cspProblems } from '../../../scripts/check-dist.mjs';
import { narrowPolicy, pageNeeds } from '../../../src/integrations/least-privilege-csp.mjs';

const h = (t: string) => `'sha256-${createHash('sha256').update(t).digest('base64')}'`;
const THEME = 'document.documentElement.dataset.theme="dark"';
const ISLAND = 'customElements.define("astro-island",class{})';
const CSS = '.a{color:red}';
// What Astro writes on every page: every hash of the build, style attributes allowed.
const SITE_POLICY = `default-src 'self'; script-src 'self' ${h(THEME)} ${h(ISLAND)}; style-src 'self' ${h(CSS)}; style-src-attr 'unsafe-inline'`;

const page = (policy: string, body: string) =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${policy}"><script>${THEME}</script></head><body>${body}</body></html>`;
const problems = (html: string) => cspProblems(analyse(html)) as string[];

describe('check-dist csp: least privilege', () => {
  it('fails a page without style attributes that allows them', () => {
    const p = problems(
      page(
        `script-src 'self' ${h(THEME)}; style-src 'self'; style-src-attr 'unsafe-inline'`,
        '<p>text</p>',
      ),
    );
    expect(p).toEqual([
      "style-src-attr allows 'unsafe-inline' but no element of the page has a style attribute",
    ]);
  });
  it('fails a page with a style attribute the policy blocks', () => {
    const p = problems(
      page(
        `script-src 'self' ${h(THEME)}; style-src 'self'; style-src-attr 'none'`,
        '<span style="color:red">x</span>',
      ),
    );
    expect(p).toEqual(['1 style attribute(s), which the CSP blocks']);
  });
  it('fails a hash of a script the page does not have', () => {
    const p = problems(
      page(`script-src 'self' ${h(THEME)} ${h(ISLAND)}; style-src-attr 'none'`, ''),
    );
    expect(p).toEqual([
      `CSP script-src lists ${h(ISLAND)}, which no inline script or <style> of this page has`,
    ]);
  });
  it("fails 'wasm-unsafe-eval'", () => {
    const p = problems(
      page(`script-src 'self' 'wasm-unsafe-eval' ${h(THEME)}; style-src-attr 'none'`, ''),
    );
    expect(p).toEqual([
      "CSP script-src allows 'wasm-unsafe-eval' (Pagefind compiles its WebAssembly in its worker)",
    ]);
  });
  it('still fails an inline script whose hash is missing', () => {
    const p = problems(page(`script-src 'self'; style-src-attr 'none'`, ''));
    expect(p).toHaveLength(1);
    expect(p[0]).toMatch(/^inline <script> .* not in the CSP$/);
  });
  it('passes a page that grants exactly what it uses', () => {
    expect(
      problems(
        page(
          `script-src 'self' ${h(THEME)}; style-src 'self' ${h(CSS)}; style-src-attr 'unsafe-inline'`,
          `<style>${CSS}</style><b style="x:1">b</b>`,
        ),
      ),
    ).toEqual([]);
  });
});

describe('the build narrows the site-wide policy per page', () => {
  const narrowed = (body: string) => {
    const html = page(SITE_POLICY, body);
    return page(narrowPolicy(SITE_POLICY, pageNeeds(html)), body);
  };
  it('the policy Astro writes fails the check on a plain page', () => {
    expect(problems(page(SITE_POLICY, '<p>plain</p>')).length).toBeGreaterThan(0);
  });
  it('a plain page keeps only its own script hash and loses style attributes', () => {
    const html = narrowed('<p>plain</p>');
    expect(html).toContain(
      `script-src 'self' ${h(THEME)}; style-src 'self'; style-src-attr 'none'`,
    );
    expect(problems(html)).toEqual([]);
  });
  it('a page with an island, a <style> and style attributes keeps exactly those', () => {
    const body = `<script type="module">${ISLAND}</script><style>${CSS}</style><svg><rect style="fill:red"/></svg><script type="application/json">{"not":"run"}</script>`;
    const html = narrowed(body);
    expect(html).toContain(
      `script-src 'self' ${h(THEME)} ${h(ISLAND)}; style-src 'self' ${h(CSS)}; style-src-attr 'unsafe-inline'`,
    );
    expect(problems(html)).toEqual([]);
  });
});
