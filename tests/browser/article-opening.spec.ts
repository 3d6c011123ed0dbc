// The article opens on the failure (the story before the terms): its first drawn figure starts
// within the first 1.5 screens at 1280×900 and within the first 2.5 at 360×780, and no table
// comes before the first mishap's figure. Measured on the built page: the figure's top edge in
// document coordinates against the viewport's height, and the document order of <table> and the
// first figure after the first heading that names a mishap.
import { test, expect } from './fixtures.ts';

const SCREENS = [
  { width: 1280, height: 900, screens: 1.5 },
  { width: 360, height: 780, screens: 2.5 },
];

for (const { width, height, screens } of SCREENS) {
  // Each width once: in the project of that width (desktop 1280, phone 360), at this height.
  test.describe(`${width}×${height} ${width < 1000 ? '@phone' : '@desktop'}`, () => {
    test.use({ viewport: { width, height } });

    test(`the article's first drawn figure starts within ${screens} screens, and no table comes before the first mishap's figure`, async ({
      page,
      watch,
    }) => {
      await page.goto('article/');
      await watch.quiet();
      const m = await page.evaluate(() => {
        const main = document.querySelector('main')!;
        // A drawn figure: a <figure> holding a drawing (an svg or an img) that has a size.
        const drawn = [...main.querySelectorAll('figure')].find((f) => {
          const d = f.querySelector('svg, img');
          const r = d?.getBoundingClientRect();
          return !!r && r.width > 0 && r.height > 0;
        });
        const top = drawn ? drawn.getBoundingClientRect().top + window.scrollY : null;
        const heading = [...main.querySelectorAll('h2')].find((h) =>
          /mishap/i.test(h.textContent ?? ''),
        );
        let mishapFigure: Element | null = null;
        if (heading)
          mishapFigure =
            [...main.querySelectorAll('figure')].find(
              (f) => heading.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING,
            ) ?? null;
        const tablesBefore = mishapFigure
          ? [...main.querySelectorAll('table')].filter(
              (t) => t.compareDocumentPosition(mishapFigure!) & Node.DOCUMENT_POSITION_FOLLOWING,
            ).length
          : null;
        return {
          top,
          id: drawn?.id ?? null,
          heading: heading?.textContent?.trim() ?? null,
          mishapFigure: mishapFigure?.id ?? null,
          tablesBefore,
        };
      });
      console.log(
        `${width}×${height}: first drawn figure #${m.id} at ${m.top?.toFixed(0)} px = ${((m.top ?? 0) / height).toFixed(2)} screens; first mishap “${m.heading}”, its figure #${m.mishapFigure}`,
      );
      expect(m.top, 'the article has a drawn figure').not.toBeNull();
      expect(
        m.top!,
        `first figure top (px) within ${screens} screens of ${height} px`,
      ).toBeLessThan(screens * height);
      expect(m.heading, 'a heading names the first mishap').not.toBeNull();
      expect(m.mishapFigure, 'the first mishap has a figure').not.toBeNull();
      expect(m.tablesBefore, 'tables before the first mishap’s figure').toBe(0);
    });
  });
}
