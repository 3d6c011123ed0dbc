// The timeline's tick-selection API (for the explorer): pointer and keys map to ticks,
// handlers report only changes, and the server-rendered figure is a slider only when asked.
import { describe, expect, it } from 'vitest';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { MAIN, simulate } from '../../../src/model/index.ts';
import { tickAtX, tickForKey, tickHandlers } from '../../../src/components/timeline/interaction.ts';
import Timeline from '../../../src/components/timeline/Timeline.tsx';

const g = { col: 40, width: 15 * 40 + 28, lastTick: 14 };

describe('tickAtX', () => {
  it('maps a pointer to the column under it, scaled to the drawn width', () => {
    expect(tickAtX(100 + 5, { left: 100, width: 628 }, g)).toBe(0);
    expect(tickAtX(100 + 40 * 5 + 1, { left: 100, width: 628 }, g)).toBe(5);
    // Drawn at half size: a pointer 100 px in is 200 user units in, tick 5.
    expect(tickAtX(100 + 100, { left: 100, width: 314 }, g)).toBe(5);
  });
  it('clamps outside the plot (left of t0, the right margin past the last tick)', () => {
    expect(tickAtX(0, { left: 100, width: 628 }, g)).toBe(0);
    expect(tickAtX(100 + 620, { left: 100, width: 628 }, g)).toBe(14);
    expect(tickAtX(5000, { left: 100, width: 628 }, g)).toBe(14);
  });
});

describe('tickForKey', () => {
  it('←/→ step one tick, Home/End jump, PageUp/PageDown five, and stop at the ends', () => {
    expect(tickForKey('ArrowRight', 5, 14)).toBe(6);
    expect(tickForKey('ArrowLeft', 5, 14)).toBe(4);
    expect(tickForKey('ArrowLeft', 0, 14)).toBe(0);
    expect(tickForKey('ArrowRight', 14, 14)).toBe(14);
    expect(tickForKey('Home', 9, 14)).toBe(0);
    expect(tickForKey('End', 2, 14)).toBe(14);
    expect(tickForKey('PageUp', 12, 14)).toBe(14);
    expect(tickForKey('PageDown', 3, 14)).toBe(0);
    expect(tickForKey('a', 3, 14)).toBeNull();
  });
});

describe('tickHandlers', () => {
  const setup = (selected: number) => {
    const calls: number[] = [];
    const handlers = tickHandlers(g, selected, (t) => calls.push(t));
    let prevented = 0;
    let captured: number | null = null;
    const target = {
      getBoundingClientRect: () => ({ left: 0, width: 628 }),
      setPointerCapture: (id: number) => (captured = id),
    };
    const key = (k: string) => handlers.onKeyDown({ key: k, preventDefault: () => prevented++ });
    const pointer = (kind: 'onPointerDown' | 'onPointerMove', clientX: number, buttons = 1) =>
      handlers[kind]({
        clientX,
        buttons,
        pointerId: 7,
        currentTarget: target,
        preventDefault: () => {},
      });
    return { calls, key, pointer, prevented: () => prevented, captured: () => captured };
  };
  it('→ selects the next tick and takes the key; other keys pass through', () => {
    const s = setup(5);
    s.key('ArrowRight');
    s.key('x');
    expect(s.calls).toEqual([6]);
    expect(s.prevented()).toBe(1);
  });
  it('does not report a tick that is already selected', () => {
    const s = setup(0);
    s.key('ArrowLeft');
    s.key('Home');
    expect(s.calls).toEqual([]);
  });
  it('a click selects the tick under it and captures the pointer; a drag follows only while the button is held', () => {
    const s = setup(0);
    s.pointer('onPointerDown', 40 * 3 + 10);
    expect(s.captured()).toBe(7);
    s.pointer('onPointerMove', 40 * 4 + 10, 1);
    s.pointer('onPointerMove', 40 * 6 + 10, 0);
    expect(s.calls).toEqual([3, 4]);
  });
});

describe('Timeline rendered on the server', () => {
  const run = simulate(MAIN);
  it('static: one link per tick to #tN, no slider', () => {
    const html = renderToString(h(Timeline, { run, tickHref: (t: number) => `#t${t}` }));
    const links = [...html.matchAll(/<a href="#t(\d+)"/g)].map((x) => Number(x[1]));
    expect(links).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(html).not.toContain('role="slider"');
  });
  it('interactive: a focusable slider carrying the selected tick, and no links', () => {
    const html = renderToString(
      h(Timeline, {
        run,
        selectedTick: 8,
        onSelectTick: () => {},
        tickHref: (t: number) => `#t${t}`,
      }),
    );
    expect(html).toMatch(/role="slider"/);
    expect(html).toMatch(/aria-valuenow="8"/);
    expect(html).toMatch(/aria-valuemax="14"/);
    expect(html).toMatch(/tabindex="0"/);
    expect(html).not.toContain('<a ');
    expect(html).toContain('class="tl-sel"');
  });
  it('highlight dims the ticks outside the range', () => {
    const html = renderToString(h(Timeline, { run, highlight: [5, 8] as [number, number] }));
    expect(html.match(/class="tl-dim"/g)?.length).toBe(2);
    expect(html).toContain('class="tl-hl"');
  });
});
