// Where a run timeline may break (wrap) its time axis: never inside a silence. The silences come
// from the run's per-tick records (an attempt's activity), never from the drawing, so the unit
// test of the layout and the site test of the built pages hold the figure to the same records.
import type { Run } from '../../src/model/index.ts';

/** Breaks b (between ticks b − 1 and b) that fall inside one of the run's silences. */
export function silencesBroken(run: Run, breaks: number[]): string[] {
  const out: string[] = [];
  for (const a of run.attempts) {
    const silent = run.ticks.map((s) => s.attempts.find((x) => x.n === a.n)?.activity === 'silent');
    silent.forEach((on, s) => {
      if (!on || silent[s - 1]) return;
      let e = s;
      while (silent[e + 1]) e++;
      // Silent from tick s through e; it ends at e + 1 (it wakes or dies there).
      for (const b of breaks)
        if (b > s && b <= e + 1)
          out.push(`#${a.n} silent t${s}–t${e + 1}, broken at t${b - 1}|t${b}`);
    });
  }
  return out;
}
