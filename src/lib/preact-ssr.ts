/**
 * Build-time only: mark the Preact components that an `.astro` file renders as static HTML as
 * Preact's, so that Astro renders each of them once instead of twice.
 *
 * When Astro meets a component that carries no renderer tag, it asks each renderer whether the
 * component is theirs, and `@astrojs/preact` answers by rendering it in full (its `check`);
 * Astro then renders it again for the page. A component tagged with Astro's `Renderer` symbol
 * (what `__astro_tag_component__` sets on MDX content) skips the question. Each trace page
 * renders five Preact views, 864 times over, so the question cost about 6 s of CPU in every
 * build. It changes no output: the one thing the second render differs in is the renderer's
 * island counter, which only `useId` and hydrated islands read, and these views use neither.
 *
 * A hydrated island's markup carries that counter: tagging an island that is already built
 * changes its output. A new hydrated island that is not client:only must be tagged (astro.config.mjs
 * keeps @astrojs/preact's check from claiming it).
 */
import { Renderer } from 'astro/runtime/server/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Preact function component
type FunctionComponent = (props: any) => unknown;

/** Tag each component as `@astrojs/preact`'s (once; later calls find the tag and leave it). */
export function preactViews(...components: FunctionComponent[]): void {
  for (const c of components)
    if (!Object.prototype.hasOwnProperty.call(c, Renderer))
      Object.defineProperty(c, Renderer, { value: '@astrojs/preact' });
}
