// The timeline's marks against the main trace and its neighbours. Every expected value below is
// typed from the rules on the site's rules page, /model/ (src/pages/model.astro: #rule-timing,
// #rule-feed, and the trace each rule links to), not computed by marks.ts or the engine.
import { describe, expect, it } from 'vitest';
import { h } from 'preact';
import { render } from 'preact-render-to-string';
import {
  BASE_SCHEDULE,
  MAIN,
  SILENT_AT,
  POSTER_DIES,
  allSettings,
  runAll,
  simulate,
  type Run,
  type Schedule,
  type Switches,
} from '../../../src/model/index.ts';
import {
  timelineMarks,
  type Point,
  type Row,
  type TimelineMarks,
} from '../../../src/components/timeline/marks.ts';
import Timeline from '../../../src/components/timeline/Timeline.tsx';
import { Legend, faultKeys } from '../../../src/components/timeline/Legend.tsx';
import { at as elementAt } from '../../../src/model/lookup.ts'; // `at` is this file's ticks helper

const marksOf = (change: Partial<Switches>) => timelineMarks(simulate({ ...MAIN, ...change }));
const row = (m: TimelineMarks, id: string): Row => {
  const r = m.rows.find((x) => x.id === id);
  if (!r) throw new Error(`no row ${id}`);
  return r;
};
const points = (m: TimelineMarks, kind: string): Point[] =>
  m.rows.flatMap((r) => r.points.filter((p) => p.kind === kind));
const at = (ps: Point[]) => ps.map((p) => p.tick);
const writes = (m: TimelineMarks, outcome: string) =>
  points(m, 'write')
    .filter((p) => p.data?.outcome === outcome)
    .map((p) => [p.tick, p.data?.store, p.data?.attempt]);
const callsBy = (m: TimelineMarks, n: number) =>
  row(m, `attempt-${n}-really`)
    .points.filter((p) => p.kind === 'call')
    .reduce((sum, p) => sum + Number(p.data?.calls), 0);

describe('timeline marks: main trace', () => {
  const m = marksOf({});
  it('has one lane (two tracks) per attempt, and the fixed lanes', () => {
    expect(m.rows.map((r) => r.id)).toEqual([
      'report',
      'epoch',
      'controller',
      'attempt-1-seen',
      'attempt-1-really',
      'attempt-2-seen',
      'attempt-2-really',
      'attempt-3-seen',
      'attempt-3-really',
      'journal',
      'candidates',
      'effects',
      'feed',
      'newsletter',
    ]);
    expect(m.lastTick).toBe(14);
  });
  it('report v2 arrives at t4; epochs 41, 42 from t5, 43 from t13', () => {
    expect(at(points(m, 'change'))).toEqual([4]);
    expect(row(m, 'epoch').spans.map((s) => [s.from, s.label])).toEqual([
      [0, 'epoch 41'],
      [5, '42'],
      [13, '43'],
    ]);
  });
  it('6 calls: #1 3, #2 3, #3 0; s1 restored at t5', () => {
    expect([callsBy(m, 1), callsBy(m, 2), callsBy(m, 3)]).toEqual([3, 3, 0]);
    expect(points(m, 'restore').map((p) => [p.tick, p.data?.attempt, p.data?.step])).toEqual([
      [5, 2, 's1'],
    ]);
  });
  it('#1 is asleep from its s3 call at t3 until it wakes at t8, unknown from t5, and fenced at t8', () => {
    expect(
      row(m, 'attempt-1-really')
        .spans.filter((s) => s.kind === 'asleep')
        .map((s) => [s.from, s.to]),
    ).toEqual([[3.5, 8.5]]);
    expect(
      row(m, 'attempt-1-seen')
        .spans.filter((s) => s.kind === 'unknown')
        .map((s) => [s.from, s.to]),
    ).toEqual([[5, 8]]);
    expect(row(m, 'attempt-1-seen').points.map((p) => [p.kind, p.tick])).toEqual([['fenced', 8]]);
    expect(points(m, 'wakes').map((p) => [p.tick, p.data?.attempt])).toEqual([[8, 1]]);
  });
  it('one stale write rejected (#1’s s3 at t8), none applied', () => {
    expect(writes(m, 'rejected')).toEqual([[8, 'journal', 1]]);
    expect(writes(m, 'stale-applied')).toEqual([]);
  });
  it('#2 assembles at t9, accepted at t10 for v2, posts P1 and dies at t10', () => {
    expect(
      points(m, 'write')
        .filter((p) => p.data?.store === 'candidates')
        .map((p) => [p.tick, p.data?.attempt]),
    ).toEqual([[9, 2]]);
    expect(points(m, 'accept').map((p) => [p.tick, p.label])).toEqual([[10, 'v2']]);
    expect(points(m, 'post').map((p) => [p.tick, p.data?.post, p.data?.duplicate])).toEqual([
      [10, 'P1', false],
    ]);
    expect(points(m, 'dies').map((p) => [p.tick, p.data?.attempt])).toEqual([[10, 2]]);
  });
  it('newsletter admitted at t12 quoting 4.7 million', () => {
    const n = points(m, 'newsletter');
    expect(at(n)).toEqual([12]);
    expect(n[0]?.label).toContain('4.7 million');
  });
  it('#2 unknown and #3 admitted at t13; #3 resends at t14 and the feed returns P1', () => {
    expect(points(m, 'suspect').map((p) => [p.tick, p.data?.attempt])).toEqual([
      [5, 1],
      [13, 2],
    ]);
    expect(points(m, 'admit').map((p) => [p.tick, p.data?.attempt])).toEqual([
      [0, 1],
      [5, 2],
      [13, 3],
    ]);
    expect(points(m, 'remembered').map((p) => [p.tick, p.data?.attempt, p.data?.post])).toEqual([
      [14, 3, 'P1'],
    ]);
    expect(row(m, 'effects').spans.map((s) => [s.kind, s.from, s.to])).toEqual([
      ['unconfirmed', 11, 14],
    ]);
  });
  it('breaks no invariant: no breach mark', () => {
    expect(points(m, 'breach')).toEqual([]);
  });
});

describe('timeline marks: the other reference traces', () => {
  it('crashed: the same outcome, #1 dies at t3 and never wakes, nothing rejected', () => {
    const m = marksOf({ silent: 'crashed' });
    expect(points(m, 'dies').map((p) => [p.tick, p.data?.attempt])).toEqual([
      [3, 1],
      [10, 2],
    ]);
    expect(points(m, 'fenced')).toEqual([]);
    expect(points(m, 'wakes')).toEqual([]);
    expect(writes(m, 'rejected')).toEqual([]);
    expect(row(m, 'attempt-1-really').spans.filter((s) => s.kind === 'asleep')).toEqual([]);
    expect(at(points(m, 'newsletter'))).toEqual([12]);
  });
  it('second trace: v1 digest accepted at t9, two distinct posts, newsletter waits from t12 and is admitted at t17', () => {
    const m = marksOf({ change: 'after-acceptance' });
    expect([1, 2, 3, 4].map((n) => callsBy(m, n))).toEqual([3, 2, 0, 1]);
    expect(points(m, 'accept').map((p) => [p.tick, p.label])).toEqual([
      [9, 'v1'],
      [17, 'v2'],
    ]);
    expect(points(m, 'post').map((p) => [p.data?.post, p.data?.duplicate])).toEqual([
      ['P1', false],
      ['P2', false],
    ]);
    expect(row(m, 'newsletter').spans.map((s) => [s.kind, s.from, s.to])).toEqual([
      ['waiting', 12, 17],
    ]);
    const n = points(m, 'newsletter');
    expect(at(n)).toEqual([17]);
    expect(n[0]?.label).toContain('4.7 million');
    expect(points(m, 'breach')).toEqual([]);
  });
  it('fencing off: 3 stale writes applied (#1’s s3, s4, candidate); #1’s candidate refused at t11', () => {
    const m = marksOf({ fencing: 'off' });
    expect(writes(m, 'stale-applied')).toEqual([
      [8, 'journal', 1],
      [9, 'journal', 1],
      [10, 'candidates', 1],
    ]);
    expect(writes(m, 'rejected')).toEqual([]);
    expect(points(m, 'refuse').map((p) => [p.tick, p.data?.attempt])).toEqual([[11, 1]]);
  });
  it('fencing off, never changes: #2 accepted at t9 and #1 at t11, both v1 — two accepted', () => {
    const m = marksOf({ fencing: 'off', change: 'never' });
    expect(points(m, 'accept').map((p) => [p.tick, p.label])).toEqual([
      [9, 'v1'],
      [11, 'v1'],
    ]);
    expect(points(m, 'breach').map((p) => [p.tick, p.data?.invariant])).toEqual([
      [11, 'twoAccepted'],
    ]);
  });
  it('pins off: s1, s2 restored at t5, accepted at t9 with no version, newsletter at t12 quoting 4.1 million, two breaches', () => {
    const m = marksOf({ pins: 'off' });
    expect(points(m, 'restore').map((p) => [p.tick, p.data?.step])).toEqual([
      [5, 's1'],
      [5, 's2'],
    ]);
    expect(points(m, 'accept').map((p) => p.tick)).toEqual([9]);
    expect(callsBy(m, 1) + callsBy(m, 2) + callsBy(m, 3)).toBe(5);
    expect(points(m, 'newsletter')[0]?.label).toContain('4.1 million');
    expect(
      points(m, 'breach')
        .map((p) => p.data?.invariant)
        .sort(),
    ).toEqual(['dependantWrong', 'supersededAccepted']);
  });
  it('end-only: #1 4 calls and #2 4, nothing restored, #1 fenced at its first write at t10, accepted at t11', () => {
    const m = marksOf({ checkpoints: 'end-only' });
    expect([callsBy(m, 1), callsBy(m, 2)]).toEqual([4, 4]);
    expect(points(m, 'restore')).toEqual([]);
    expect(writes(m, 'rejected')).toEqual([[10, 'journal', 1]]);
    expect(row(m, 'attempt-1-seen').points.map((p) => [p.kind, p.tick])).toEqual([['fenced', 10]]);
    expect(points(m, 'accept').map((p) => p.tick)).toEqual([11]);
  });
  it('any accepted after acceptance: newsletter at t12 on the v1 digest quoting 4.1 million, dependant wrong', () => {
    const m = marksOf({ change: 'after-acceptance', rule: 'any-accepted' });
    const n = points(m, 'newsletter');
    expect(at(n)).toEqual([12]);
    expect(n[0]?.label).toContain('4.1 million');
    expect(points(m, 'breach').map((p) => [p.tick, p.data?.invariant])).toEqual([
      [12, 'dependantWrong'],
    ]);
  });
  it('no key: #3’s resend at t14 is a new post, P2, marked duplicate', () => {
    const m = marksOf({ key: 'none' });
    expect(points(m, 'post').map((p) => [p.tick, p.data?.post, p.data?.duplicate, p.tone])).toEqual(
      [
        [10, 'P1', false, 'neutral'],
        [14, 'P2', true, 'duplicate'],
      ],
    );
    expect(points(m, 'remembered')).toEqual([]);
  });
});

// The fault schedule's marks. Expected ticks are typed from the fault rules on /model/
// (#rule-fault-silence, -poster, -retention, -restart) and the main trace's timing
// (#rule-timing: #1 computes s1…s4 at t1…t4, #2 posts P1 at t10, #3 resends at t14; first token 41).
const withSchedule = (change: Partial<Switches>, sch: Partial<Schedule>) =>
  simulate({ ...MAIN, ...change }, { schedule: { ...BASE_SCHEDULE, ...sch } });
const faultMarks = (m: TimelineMarks) =>
  m.rows.flatMap((r) => [
    ...r.spans
      .filter((s) => s.data?.fault)
      .map((s) => ({
        row: r.id,
        kind: s.kind,
        tick: s.from,
        fault: s.data?.fault,
        label: s.label,
      })),
    ...r.points
      .filter((p) => p.data?.fault)
      .map((p) => ({
        row: r.id,
        kind: p.kind,
        tick: p.tick,
        fault: p.data?.fault,
        label: p.label,
      })),
  ]);

describe('timeline marks: the fault schedule', () => {
  it('controller down at t3 and back at t4 keeping its epoch: a down bar, a restart mark, no step down', () => {
    const m = timelineMarks(withSchedule({}, { restartAt: 3 }));
    expect(faultMarks(m)).toEqual([
      { row: 'controller', kind: 'down', tick: 3, fault: 'controller-down', label: 'down' },
      {
        row: 'controller',
        kind: 'restart',
        tick: 4,
        fault: 'controller-restarted',
        label: undefined,
      },
    ]);
    expect(row(m, 'epoch').spans.map((s) => s.kind)).not.toContain('epoch-back');
  });
  it('a volatile epoch goes back from 41 to 40 at the restart: the restart says so and the epoch line steps down', () => {
    const m = timelineMarks(withSchedule({}, { restartAt: 3, epoch: 'volatile' }));
    const restart = points(m, 'restart');
    expect(restart.map((p) => [p.tick, p.data?.back, p.data?.epoch, p.tone])).toEqual([
      [4, true, 40, 'wrong'],
    ]);
    expect(restart[0]?.label).toBe('41→40');
    expect(
      row(m, 'epoch')
        .spans.filter((s) => s.kind === 'epoch-back')
        .map((s) => [s.from, s.label]),
    ).toEqual([[4, '40 ↓']]);
  });
  it('#1 silent before assembling at t5, awake after 2 ticks at t7 to assemble; no plain wakes mark besides', () => {
    const m = timelineMarks(withSchedule({}, { silentAt: 'assemble', wakeAfter: 2 }));
    expect(faultMarks(m)).toEqual([
      {
        row: 'attempt-1-really',
        kind: 'silent',
        tick: 5,
        fault: 'falls-silent-before',
        label: 'silent before assembling',
      },
      {
        row: 'attempt-1-really',
        kind: 'wakes',
        tick: 7,
        fault: 'wakes-to-act',
        label: 'wakes, assembles',
      },
    ]);
    expect(points(m, 'wakes')).toHaveLength(1);
    expect(
      row(m, 'attempt-1-really')
        .spans.filter((s) => s.kind === 'asleep')
        .map((s) => [s.from, s.to]),
    ).toEqual([[5.5, 7.5]]);
  });
  it('#1 crashed inside the effect (report never changes: it posts at t6): one death mark that says where, not two', () => {
    const m = timelineMarks(
      withSchedule({ silent: 'crashed', change: 'never' }, { silentAt: 'effect' }),
    );
    expect(faultMarks(m)).toEqual([
      {
        row: 'attempt-1-really',
        kind: 'dies',
        tick: 6,
        fault: 'falls-silent-before',
        label: 'dies inside the effect',
      },
    ]);
    expect(points(m, 'dies').filter((p) => p.data?.attempt === 1)).toHaveLength(1);
  });
  it('#1 paused inside the effect wakes after 3 ticks to send, and dies there after the feed applied: two marks at t9, the second labelled under the line', () => {
    const run = withSchedule({ change: 'never' }, { silentAt: 'effect', wakeAfter: 3 });
    const m = timelineMarks(run);
    expect(
      row(m, 'attempt-1-really')
        .points.filter((p) => p.kind !== 'call')
        .map((p) => [p.kind, p.tick, p.label]),
    ).toEqual([
      ['silent', 6, 'silent inside the effect'],
      ['wakes', 9, 'wakes, sends'],
      ['dies', 9, 'dies'],
    ]);
    const svg = render(h(Timeline, { run }));
    const at9 = [
      ...svg.matchAll(
        /<g class="tl-p tl-(wakes|dies)[^"]*"[^>]*data-tick="9"[^>]*>.*?<text x="[^"]*" y="([\d.]+)"/g,
      ),
    ].map((x) => ({ kind: x[1], y: Number(x[2]) }));
    expect(at9.map((x) => x.kind)).toEqual(['wakes', 'dies']);
    expect(elementAt(at9, 1, 'marks at t9').y).toBeGreaterThan(
      elementAt(at9, 0, 'marks at t9').y + 8,
    );
  });
  it('the poster dies before sending, or after confirming, at t10: the death mark names the point', () => {
    for (const [point, label] of [
      ['before-send', 'dies before sending'],
      ['after-confirm', 'dies after confirming'],
    ] as const) {
      const m = timelineMarks(withSchedule({}, { posterDies: point }));
      expect(faultMarks(m), point).toEqual([
        { row: 'attempt-2-really', kind: 'dies', tick: 10, fault: 'poster-dies-at', label },
      ]);
    }
  });
  it('the feed keeps keys 1 tick: #3’s resend at t14 finds P1’s key forgotten, and a duplicate P2 follows on the feed lane', () => {
    const m = timelineMarks(withSchedule({}, { keyRetention: 1 }));
    expect(faultMarks(m)).toEqual([
      { row: 'feed', kind: 'expired', tick: 14, fault: 'key-expired', label: 'forgot' },
    ]);
    expect(row(m, 'feed').points.map((p) => [p.kind, p.tick, p.data?.post])).toEqual([
      ['expired', 14, 'P1'],
      ['post', 10, 'P1'],
      ['post', 14, 'P2'],
      // The breach named beside its post (figure grammar 6): a claim, not a second post.
      ['claim', 14, undefined],
    ]);
    expect(points(m, 'claim').map((p) => [p.tick, p.label])).toEqual([[14, 'duplicate effect']]);
  });
  it('base schedule: no run of the 864 has a fault mark, a step down of the epoch, or a fault legend entry', () => {
    for (const run of runAll()) {
      const m = timelineMarks(run);
      expect(faultMarks(m), run.slug).toEqual([]);
      expect(
        m.rows
          .flatMap((r) => r.spans.concat(r.points as never))
          .some((x) => x.kind === 'epoch-back' || x.kind === 'silent'),
        run.slug,
      ).toBe(false);
      expect(faultKeys(run), run.slug).toEqual([]);
    }
    expect(render(Legend({}))).not.toContain('data-k');
  });
  it('one mark per fault event, whatever the schedule: a grid of schedules over eight settings (the counterexample pages: tests/site/timeline)', () => {
    const runs: Run[] = [];
    const settings = allSettings().filter((_, i) => i % 108 === 0);
    for (const s of settings) {
      for (const silentAt of SILENT_AT)
        for (const posterDies of POSTER_DIES) {
          runs.push(
            simulate(s, {
              schedule: {
                ...BASE_SCHEDULE,
                silentAt,
                posterDies,
                wakeAfter: 2,
                keyRetention: 2,
                restartAt: 4,
                epoch: 'volatile',
              },
            }),
          );
          runs.push(
            simulate(s, {
              schedule: { ...BASE_SCHEDULE, silentAt, posterDies, wakeAfter: 3, restartAt: 9 },
            }),
          );
        }
    }
    const kinds = [
      'falls-silent-before',
      'wakes-to-act',
      'poster-dies-at',
      'key-expired',
      'controller-down',
      'controller-restarted',
    ];
    const seen = new Set<string>();
    for (const run of runs) {
      const marks = faultMarks(timelineMarks(run));
      for (const kind of kinds) {
        const events = run.events.filter((e) => e.kind === kind);
        if (events.length) seen.add(kind);
        expect(
          marks.filter((x) => x.fault === kind).map((x) => x.tick),
          `${run.slug} ${kind}`,
        ).toEqual(events.map((e) => e.tick));
      }
      const back = run.events.filter(
        (e) => e.kind === 'controller-restarted' && e.values.epoch < e.values.before,
      ).length;
      expect(
        points(timelineMarks(run), 'restart').filter((p) => p.data?.back === true).length,
        run.slug,
      ).toBe(back);
    }
    // The grid reaches every kind of fault event, so none of the checks above is vacuous.
    expect([...seen].sort()).toEqual([...kinds].sort());
  });
});

describe('timeline: breaches named on the figure, and no inline styles', () => {
  it('fencing off: every stale write the model records is named "stale write" in its lane, at its first tick', () => {
    const run = simulate({ ...MAIN, fencing: 'off' });
    const stale = run.breaches.filter((b) => b.invariant === 'staleWrite');
    expect(stale.length).toBeGreaterThan(0);
    const m = timelineMarks(run);
    const claims = points(m, 'claim');
    // Each stale write lies in the span of one claim that names it.
    for (const b of stale) {
      expect(
        claims.some((c) => c.tick <= b.tick && c.label?.startsWith('stale write')),
        `t${b.tick}`,
      ).toBe(true);
    }
    expect(claims.map((c) => c.tick)).toContain(stale[0]?.tick);
    const svg = render(h(Timeline, { run }));
    expect(svg).toContain('data-claim');
    expect(svg).toMatch(/>stale write[^<]*<\/text>/);
  });
  it('renders no style attribute (trace pages need no style-src-attr), full or as a strip', () => {
    const run = simulate({ ...MAIN, fencing: 'off' });
    for (const props of [
      { run },
      { run, variant: 'strip' as const, range: [4, 8] as [number, number] },
      { run, variant: 'phone' as const, tags: 'plain' as const },
    ])
      expect(render(h(Timeline, props))).not.toMatch(/\sstyle=/);
  });
});
