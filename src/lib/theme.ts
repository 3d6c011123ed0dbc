// Theme choice shared by the no-flash head script (inline, as a string) and the
// toggle (the bundled <script> of src/components/site/ThemeToggle.astro).
//
// The head script must run before first paint, so it cannot be a bundled module
// (modules are deferred). It is inlined verbatim with `set:html` (site/ThemeScript.astro), and Base.astro
// registers its SHA-256 with `Astro.csp.insertScriptHash`, so the page's CSP
// allows exactly this text and nothing else inline. Change the string and the
// hash follows automatically.
//
// State: `localStorage[THEME_KEY]` is "light" | "dark" once the reader has used the
// toggle; absent means "follow the system". The effective theme is written to
// `<html data-theme>`; CSS maps it to `color-scheme`, and all colours use
// `light-dark()`, so without JavaScript the system preference still applies.

export const THEME_KEY = 'theme';

export type Theme = 'light' | 'dark';

export const themeInitScript =
  `(function(){var t;try{t=localStorage.getItem(${JSON.stringify(THEME_KEY)})}catch(e){}` +
  `if(t!=="light"&&t!=="dark")t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";` +
  `document.documentElement.setAttribute("data-theme",t)})()`;
