// The companion's display equations at 1280 and at 360: each fits its column, or scrolls inside
// its own box (never past the column's edge) and then shows a cue, a shade at the edge it can
// scroll to, which disappears once scrolled to that end. Checked on the built page in Chromium.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

interface Box {
  id: string;
  overflows: boolean;
  scrolls: boolean;
  right: number;
  column: number;
  cue: boolean;
}

/** Every equation box: does it overflow, does it scroll, where its edge is, is a shade drawn. */
async function boxes(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.equation')].map((e) => {
      const cs = getComputedStyle(e);
      const column = e.parentElement!.getBoundingClientRect().right;
      // The shade is a radial gradient fixed to the box (attachment "scroll"), under the covers.
      const cue =
        /radial-gradient/.test(cs.backgroundImage) && /scroll/.test(cs.backgroundAttachment);
      return {
        id: e.id,
        overflows: e.scrollWidth > e.clientWidth + 1,
        scrolls: cs.overflowX === 'auto' || cs.overflowX === 'scroll',
        right: e.getBoundingClientRect().right,
        column,
        cue,
      };
    }),
  );
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 740 },
])
  test(`equations fit their column at ${viewport.width}, or scroll in their own box with a cue ${viewport.width < 1000 ? '@phone' : '@desktop'}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('companion/');
    const all = await boxes(page);
    expect(all.length, 'the page has display equations').toBeGreaterThan(5);
    for (const b of all) {
      expect(b.right, `${b.id} ends inside its column`).toBeLessThanOrEqual(b.column + 1);
      if (b.overflows) {
        expect(b.scrolls, `${b.id} is wider than its box and scrolls`).toBe(true);
        expect(b.cue, `${b.id} shows a shade where it can scroll`).toBe(true);
      }
    }
    if (viewport.width === 1280)
      for (const id of ['eq-dependable', 'eq-start'])
        expect(all.find((b) => b.id === id)?.overflows, `${id} fits at 1280`).toBe(false);
  });

test('the cue is drawn: the right edge of an overflowing equation is shaded, then clear at its end @phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('companion/');
  const eq = page.locator('#eq-dependable');
  await eq.scrollIntoViewIfNeeded();
  // The pixel column just inside the right edge, against the one just inside the left edge.
  const edge = async () => {
    const shot = await eq.screenshot();
    return page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      // The lightest pixel of a column over the middle third of the box's height: text is darker
      // than the background, and the shade, strongest at mid-height, darkens the background.
      const lum = (x: number) => {
        const h = img.height;
        const d = g.getImageData(x, Math.floor(h / 3), 1, Math.max(1, Math.floor(h / 3))).data;
        let max = 0;
        // d is RGBA quadruples, so i + 2 < d.length: the three reads are there.
        for (let i = 0; i < d.length; i += 4) max = Math.max(max, d[i]! + d[i + 1]! + d[i + 2]!);
        return max;
      };
      return { left: lum(1), right: lum(img.width - 2) };
    }, shot.toString('base64'));
  };
  const atStart = await edge();
  expect(atStart.right, 'shaded at the right edge before scrolling').toBeLessThan(atStart.left);
  await eq.evaluate((e) => (e.scrollLeft = e.scrollWidth));
  const atEnd = await edge();
  expect(atEnd.right, 'no shade on the right once scrolled to the end').toBeGreaterThan(
    atStart.right,
  );
});
