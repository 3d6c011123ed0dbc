// The one Shiki configuration: markdown code blocks (astro.config.mjs) and the
// <Code> blocks of components (ReceiveCode.astro) use the same themes and options.
//
// Themes: GitHub's high-contrast pair. The plain github-light/github-dark miss WCAG AA
// for some tokens (orange properties on white, grey comments on dark).
export const shikiThemes = /** @type {const} */ ({
  light: 'github-light-high-contrast',
  dark: 'github-dark-high-contrast',
});

/**
 * Shiki gives each line 500 ms (`tokenizeTimeLimit`) and, past it, colours the rest of
 * the line as the token it stopped in. The first line a grammar meets also compiles its
 * regular expressions, so on a busy machine `export interface Announcement {` could come
 * out all keyword-red in one build and correct in the next. Neither Astro's markdown
 * options nor <Code> pass the limit through; a transformer's `preprocess` sees the
 * options object before tokenizing, so it lifts the limit there: the output no longer
 * depends on the clock.
 */
export const noTokenizeTimeLimit = {
  name: 'no-tokenize-time-limit',
  preprocess(/** @type {string} */ code, /** @type {{ tokenizeTimeLimit?: number }} */ options) {
    options.tokenizeTimeLimit = 0;
    return code;
  },
};

export const shikiTransformers = [noTokenizeTimeLimit];
