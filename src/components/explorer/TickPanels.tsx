/**
 * The state of every record at one tick: what happened, the attempts, the
 * owner epoch and the stores' decisions, the journal, the candidates and
 * acceptances, the effect intents, the feed and the newsletter. Everything is
 * read from the run's snapshot at that tick (run.ticks[t]) and its records.
 */
import type { ComponentChildren } from 'preact';
import {
  eventsAt,
  short,
  strictRuleUncheckable,
  writesAt,
  type Run,
  type Switches,
} from './model.ts';
import { valueLabel } from '../../lib/vocabulary.ts';
import type { Focus } from './scenes.ts';
import { journalRows, tickLabel } from './format.ts';
import { changedPanels, type PanelId } from './changes.ts';
import { RuleLink } from '../trace/EventTable.tsx';
import { narrate, refusalText, subjectText } from '../../lib/narrate.ts';
import { at } from '../../model/lookup.ts';

const ACTIVITY_TEXT: Record<string, string> = {
  working: 'working',
  silent: 'silent (no heartbeat)',
  dead: 'dead',
  stopped: 'stopped',
};

const OUTCOME_TEXT: Record<string, string> = {
  applied: 'applied',
  rejected: 'rejected (stale token)',
  'stale-applied': 'applied although stale',
};

/** What every panel is told besides the run: where the route points, and what changed. */
interface Context {
  focus: Focus[];
  sceneNo: number | null;
  /** The narration of the scene, shown in the first panel it points at. */
  note?: ComponentChildren;
  changed: Set<PanelId>;
  tick: number;
}

interface PanelProps {
  id: Focus | 'now';
  title: string;
  ctx: Context;
  children: ComponentChildren;
  wide?: boolean;
}

function Panel({ id, title, ctx, children, wide }: PanelProps) {
  const { focus, sceneNo, note, changed } = ctx;
  const on = id !== 'now' && focus.includes(id) && sceneNo !== null;
  const first =
    on && focus.find((f) => f !== 'trace' && f !== 'outcome' && f !== 'invariants') === id;
  const chg = id !== 'now' && changed.has(id as PanelId);
  // The events panel is #ex-tick (#ex-now-h is the stage's tick heading).
  const key = id === 'now' ? 'tick' : id;
  return (
    <section
      class={
        'ex-panel' +
        (on ? ' is-focus' : '') +
        (wide ? ' ex-panel--wide' : '') +
        (chg ? ' is-changed' : '')
      }
      id={`ex-${key}`}
      aria-labelledby={`ex-${key}-h`}
      data-panel={id}
      data-changed={chg ? 'true' : undefined}
      tabindex={-1}
    >
      <h3 id={`ex-${key}-h`}>
        {title}
        {chg && <span class="ex-chg">changed</span>}
        {on && <span class="ex-look">Scene {sceneNo}: look here</span>}
      </h3>
      {first && note}
      {children}
    </section>
  );
}

function Wrap({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <section class="table-wrap" tabindex={0} aria-label={label}>
      {children}
    </section>
  );
}

interface Props {
  run: Run;
  switches: Switches;
  tick: number;
  focus: Focus[];
  sceneNo: number | null;
  /** The scene's narration, shown beside the panel it points at. */
  note?: ComponentChildren;
}

interface ViewProps {
  run: Run;
  switches: Switches;
  tick: number;
  ctx: Context;
}

export function NowPanel({ run, tick, ctx }: ViewProps) {
  const snap = at(run.ticks, tick, 'ticks');
  const events = eventsAt(run, tick);
  return (
    <Panel id="now" title={`What happens at ${tickLabel(tick)}`} ctx={ctx} wide>
      {events.length ? (
        <ul class="ex-events">
          {events.map((e, i) => (
            <li key={i}>
              <span class={`lane-${e.lane}`}>{e.lane}</span> <span class="ex-actor">{e.actor}</span>{' '}
              {narrate(e)} <RuleLink event={e} />
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">Nothing happens at {tickLabel(tick)}.</p>
      )}
      <p class="small muted">
        Current report: <strong class="figure">{snap.current}</strong>.
      </p>
    </Panel>
  );
}

export function AttemptsPanel({ run, tick, ctx }: ViewProps) {
  const snap = at(run.ticks, tick, 'ticks');
  return (
    <Panel id="attempts" title="Attempts" ctx={ctx} wide>
      <p class="small muted" id="ex-attempts-note">
        The controller sees only the <em>state</em>. What an attempt is <em>really doing</em> is
        hidden from it: a paused worker and a dead one look the same.
      </p>
      <Wrap label={`Attempts at ${tickLabel(tick)}`}>
        <table aria-describedby="ex-attempts-note" class="stack-narrow ex-attempts">
          <thead>
            <tr>
              <th scope="col">Attempt</th>
              <th scope="col">Kind</th>
              <th scope="col">Token</th>
              <th scope="col">Pinned to</th>
              <th scope="col">State (controller’s view)</th>
              <th scope="col">Really doing</th>
              <th scope="col" class="num">
                Calls
              </th>
              <th scope="col">Steps done</th>
            </tr>
          </thead>
          <tbody>
            {snap.attempts.length === 0 && (
              <tr>
                <td colSpan={8} class="muted">
                  No attempt yet.
                </td>
              </tr>
            )}
            {snap.attempts.map((a) => (
              <tr key={a.n} data-attempt={a.n}>
                <th scope="row">#{a.n}</th>
                <td data-label="Kind">{a.kind}</td>
                <td class="figure" data-label="Token">
                  {a.token}
                </td>
                <td data-label="Pinned to">{a.pin}</td>
                <td data-label="State">
                  <span class={`ex-state ex-state--${a.state}`}>{a.state}</span>
                </td>
                <td data-label="Really doing">
                  <span class={`ex-activity ex-activity--${a.activity}`}>
                    {ACTIVITY_TEXT[a.activity] ?? a.activity}
                  </span>
                </td>
                <td class="num figure" data-label="Calls">
                  {a.calls}
                </td>
                <td data-label="Steps done">{a.done.length ? a.done.join(' ') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Wrap>
    </Panel>
  );
}

export function EpochPanel({ run, switches, tick, ctx }: ViewProps) {
  const snap = at(run.ticks, tick, 'ticks');
  const writes = writesAt(run, tick);
  return (
    <Panel id="epoch" title="Owner epoch and the stores’ decisions" ctx={ctx}>
      <p>
        Owner epoch: <strong class="figure">{snap.ownerEpoch}</strong>
        {switches.fencing === 'off' && (
          <span class="muted"> (fencing is off: the stores do not compare tokens)</span>
        )}
      </p>
      {writes.length ? (
        <ul class="ex-writes">
          {writes.map((w, i) => (
            <li key={i} data-outcome={w.outcome}>
              {w.store}: #{w.writer} writes with token <span class="figure">{w.token}</span> (epoch{' '}
              <span class="figure">{w.epoch}</span>) →{' '}
              <strong
                class={
                  w.outcome === 'applied' ? undefined : w.outcome === 'rejected' ? 'ok' : 'broken'
                }
              >
                {OUTCOME_TEXT[w.outcome]}
              </strong>
              <span class="muted small"> — {subjectText(w.subject)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted small">No protected write at {tickLabel(tick)}.</p>
      )}
    </Panel>
  );
}

export function NewsletterPanel({ run, switches, tick, ctx }: ViewProps) {
  const snap = at(run.ticks, tick, 'ticks');
  return (
    <Panel id="newsletter" title="Newsletter" ctx={ctx}>
      <p class="small">
        Rule: <strong>{valueLabel('rule', switches.rule)}</strong>
        {strictRuleUncheckable(switches) && (
          <span class="muted"> (records carry no version, so this rule fails open)</span>
        )}
      </p>
      <p>
        <span class={`ex-news ex-news--${snap.newsletter.state}`}>{snap.newsletter.state}</span>
        {snap.newsletter.digest && (
          <>
            {' '}
            on <span class="figure">{short(snap.newsletter.digest)}</span>, quoting{' '}
            <strong>{snap.newsletter.quote}</strong>
          </>
        )}
      </p>
    </Panel>
  );
}

export function JournalPanel({ run, tick, ctx }: ViewProps) {
  const journal = journalRows(run, tick);
  return (
    <Panel id="journal" title="Journal" ctx={ctx} wide>
      {journal.length ? (
        <Wrap label={`Journal at ${tickLabel(tick)}`}>
          <table>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Result</th>
                <th scope="col">Recorded input hash</th>
                <th scope="col">Writer</th>
                <th scope="col">Token</th>
                <th scope="col">Written</th>
                <th scope="col">Stale?</th>
                <th scope="col">Later</th>
              </tr>
            </thead>
            <tbody>
              {journal.map((e, i) => (
                <tr key={i} data-step={e.step}>
                  <th scope="row">{e.step}</th>
                  <td class="figure">{e.result}</td>
                  <td class={e.input.startsWith('none') ? 'muted' : 'figure'}>{e.input}</td>
                  <td>#{e.writer}</td>
                  <td class="figure">{e.token}</td>
                  <td>{tickLabel(e.tick)}</td>
                  <td>{e.stale ? <span class="broken">stale, applied</span> : 'no'}</td>
                  <td>
                    {[
                      ...e.restoredBy.map((n) => `restored by #${n}`),
                      ...e.redoneBy.map((n) => `#${n} redid this step`),
                    ].join('; ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Wrap>
      ) : (
        <p class="muted small">The journal is empty at {tickLabel(tick)}.</p>
      )}
    </Panel>
  );
}

export function ArtifactsPanel({ run, tick, ctx }: ViewProps) {
  const snap = at(run.ticks, tick, 'ticks');
  const accepted = run.acceptances.filter((a) => a.tick <= tick);
  return (
    <Panel id="artifacts" title="Candidates and acceptances" ctx={ctx}>
      {snap.candidates.length ? (
        <ul class="ex-list">
          {snap.candidates.map((c) => {
            const full = run.candidates.find((x) => x.digest === c.digest);
            return (
              <li key={c.digest}>
                <span class="figure">{short(c.digest)}</span> by #{c.attempt}
                {full && <> (pinned to {full.pin ?? 'no version: pins off'})</>}:{' '}
                <span class={`ex-art ex-art--${c.state}`}>{c.state}</span>
                {c.state === 'refused' && full?.refusal && (
                  <span class="muted small"> — {refusalText(full.refusal)}</span>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p class="muted small">No candidate digest yet.</p>
      )}
      <p class="small">
        Acceptance records:{' '}
        {accepted.length
          ? accepted
              .map(
                (a) =>
                  `${tickLabel(a.tick)} ${short(a.digest)} for ${a.version ?? 'no version (pins off)'}`,
              )
              .join('; ')
          : 'none yet'}
      </p>
    </Panel>
  );
}

export function EffectsPanel({ run, tick, ctx }: ViewProps) {
  const snap = at(run.ticks, tick, 'ticks');
  return (
    <Panel id="effects" title="Effect intents" ctx={ctx}>
      {snap.intents.length ? (
        <ul class="ex-list">
          {snap.intents.map((it, i) => (
            <li key={i}>
              announce <span class="figure">{short(it.digest)}</span> by #{it.attempt}:{' '}
              <span class={`ex-eff ex-eff--${it.state}`}>
                {it.state === 'recorded' ? 'intent recorded' : it.state}
              </span>
              {it.post && <> ({it.post})</>}
              <span class="muted small"> · key {it.key ?? 'none'}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted small">No effect intent yet.</p>
      )}
    </Panel>
  );
}

export function FeedPanel({ run, tick, ctx }: ViewProps) {
  const snap = at(run.ticks, tick, 'ticks');
  const posts = run.feedPosts.filter((p) => p.tick <= tick);
  return (
    <Panel id="feed" title="Feed" ctx={ctx} wide>
      <p class="small">
        Posts applied: <strong class="figure">{snap.posts}</strong>
        {posts.length > 0 && (
          <>
            {' '}
            ({posts.map((q) => `${q.id} for ${short(q.digest)} at ${tickLabel(q.tick)}`).join('; ')}
            )
          </>
        )}
      </p>
      <p class="small">Remembered keys:</p>
      {snap.feedKeys.length ? (
        <ul class="ex-list ex-keys">
          {snap.feedKeys.map((k) => (
            <li key={k.key}>
              <code>{k.key}</code> → {k.post}
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted small">none</p>
      )}
    </Panel>
  );
}

export function TickPanels({ run, switches, tick, focus, sceneNo, note }: Props) {
  const ctx: Context = { focus, sceneNo, note, changed: changedPanels(run, tick), tick };
  const v = { run, switches, tick, ctx };
  return (
    <div class="ex-panels">
      <NowPanel {...v} />
      <AttemptsPanel {...v} />
      <EpochPanel {...v} />
      <NewsletterPanel {...v} />
      <JournalPanel {...v} />
      <ArtifactsPanel {...v} />
      <EffectsPanel {...v} />
      <FeedPanel {...v} />
    </div>
  );
}
