// scrollDelta (src/components/explorer/dom.ts): how far the page scrolls to keep the stage's
// figure in view after a press, checked on hand-worked boxes in a 900 px viewport whose top
// 80 px a sticky bar covers.
import { describe, expect, it } from 'vitest';
import { scrollDelta } from '../../../src/components/explorer/dom.ts';

const H = 900;
const BAR = 80;

describe('scrollDelta', () => {
  it('leaves a box that shows whole between the bar and the fold', () => {
    expect(scrollDelta({ top: 100, bottom: 600 }, BAR, H)).toBe(0);
    // Within the 8 px of slack on either side.
    expect(scrollDelta({ top: 75, bottom: 905 }, BAR, H)).toBe(0);
  });
  it('scrolls up by what the bar covers of a box scrolled under it', () => {
    // Top at 30: 50 px under the 80 px bar, so the page goes back 50 px.
    expect(scrollDelta({ top: 30, bottom: 500 }, BAR, H)).toBe(-50);
    // Wholly above the screen.
    expect(scrollDelta({ top: -700, bottom: -200 }, BAR, H)).toBe(-780);
  });
  it('scrolls down just enough for a box that fits but runs past the fold', () => {
    expect(scrollDelta({ top: 600, bottom: 1000 }, BAR, H)).toBe(100);
  });
  it('brings a box taller than the room to the bar, so its start shows', () => {
    // 900 − 80 = 820 px of room; a 1000 px box starts under the bar.
    expect(scrollDelta({ top: 400, bottom: 1400 }, BAR, H)).toBe(320);
    expect(scrollDelta({ top: 84, bottom: 1084 }, BAR, H)).toBe(0);
  });
  it('with no bar, the viewport’s top is the limit', () => {
    expect(scrollDelta({ top: -20, bottom: 300 }, 0, H)).toBe(-20);
  });
});
