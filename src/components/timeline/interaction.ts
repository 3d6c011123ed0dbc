/**
 * Moving the selected tick on a timeline: click or drag across the plot, or
 * ←/→ (Home/End) with the plot focused. Plain functions over minimal event
 * shapes, so they are unit-tested without a browser; Timeline.tsx wires them
 * to the SVG only when the caller passes `onSelectTick` (the explorer).
 */

/** The plot's horizontal geometry, in SVG user units. */
export interface PlotGeometry {
  /** Width of one tick's column. */
  col: number;
  /** The plot's full width (its viewBox width). */
  width: number;
  lastTick: number;
}

const clamp = (t: number, last: number) => Math.max(0, Math.min(last, t));

/** The tick under a pointer at clientX, given the plot's on-screen box. */
export function tickAtX(
  clientX: number,
  box: { left: number; width: number },
  g: PlotGeometry,
): number {
  if (box.width <= 0) return 0;
  const x = ((clientX - box.left) * g.width) / box.width;
  return clamp(Math.floor(x / g.col), g.lastTick);
}

/** The tick a key moves to, or null when the key is not one of ours. */
export function tickForKey(key: string, tick: number, lastTick: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(tick + 1, lastTick);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(tick - 1, lastTick);
    case 'PageUp':
      return clamp(tick + 5, lastTick);
    case 'PageDown':
      return clamp(tick - 5, lastTick);
    case 'Home':
      return 0;
    case 'End':
      return lastTick;
    default:
      return null;
  }
}

interface KeyLike {
  key: string;
  preventDefault(): void;
}
interface PointerLike {
  clientX: number;
  buttons: number;
  pointerId: number;
  currentTarget: {
    getBoundingClientRect(): { left: number; width: number };
    setPointerCapture?(id: number): void;
  } | null;
  preventDefault(): void;
}

/** Event handlers for the plot: each reports the new tick through onSelectTick, and only when it changes. */
export function tickHandlers(
  g: PlotGeometry,
  selectedTick: number,
  onSelectTick: (tick: number) => void,
) {
  const select = (t: number) => {
    if (t !== selectedTick) onSelectTick(t);
  };
  const fromPointer = (e: PointerLike) => {
    if (!e.currentTarget) return;
    select(tickAtX(e.clientX, e.currentTarget.getBoundingClientRect(), g));
  };
  return {
    onKeyDown(e: KeyLike) {
      const t = tickForKey(e.key, selectedTick, g.lastTick);
      if (t === null) return;
      e.preventDefault();
      select(t);
    },
    onPointerDown(e: PointerLike) {
      e.currentTarget?.setPointerCapture?.(e.pointerId);
      fromPointer(e);
    },
    onPointerMove(e: PointerLike) {
      // Dragging: only while the primary button is held.
      if ((e.buttons & 1) === 1) fromPointer(e);
    },
  };
}
