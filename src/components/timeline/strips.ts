/**
 * How many ticks a reading page's strip holds: as many columns as fit a figure column (46 rem,
 * 720 px of drawing) beside the lane names. TimelineFigure.astro wraps a run with these.
 */
import { COL } from './layout.ts';

const FIGURE = 720;
const NAMES = 166;
const RIGHT = 10;
export const STRIP_TICKS = Math.floor((FIGURE - NAMES - RIGHT) / COL);
