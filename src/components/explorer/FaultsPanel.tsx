/**
 * The explorer's "faults" panel: the fault schedule (rules page: #rule-schedule)
 * as native selects. Explorer.tsx shows it collapsed and loads this file when
 * the reader opens it, or at once when the address sets a schedule. Each dimension's value is in the URL like the switches
 * (?silentAt=effect&keyRetention=2…; only those that differ from the base).
 * A dimension the setting does not use is shown disabled, with the reason.
 */
import {
  BASE_SCHEDULE,
  EPOCH,
  POSTER_DIES,
  SCHEDULE_IDS,
  SILENT_AT,
  changedFromBase,
  usedDimensions,
  type Schedule,
  type ScheduleId,
  type Switches,
} from './model.ts';
import { SCHEDULE_WORDS, scheduleValueText } from '../../lib/faults-site.ts';
import { PAGE, rulePath } from '../../lib/routes.ts';
import { href } from '../../lib/paths.ts';

interface Props {
  switches: Switches;
  schedule: Schedule;
  onChange: (schedule: Schedule) => void;
  /** Open even on the base schedule (the reader opened the panel before its code had loaded). */
  open?: boolean;
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The options of each dimension: the values the sweep covers, plus the current one if the address gave another. */
function options(id: ScheduleId, current: Schedule): (string | number | null)[] {
  const base: Record<ScheduleId, (string | number | null)[]> = {
    silentAt: [...SILENT_AT],
    wakeAfter: range(1, 8),
    posterDies: [...POSTER_DIES],
    keyRetention: [null, ...range(1, 12)],
    restartAt: [null, ...range(1, 30)],
    epoch: [...EPOCH],
  };
  const list = base[id];
  const v = current[id];
  return list.includes(v)
    ? list
    : [...list, v].sort((a, b) => (a === null ? -1 : b === null ? 1 : Number(a) - Number(b)));
}

const why: Partial<Record<ScheduleId, (s: Switches, sch: Schedule) => string>> = {
  wakeAfter: (s, sch) =>
    sch.silentAt === 'never'
      ? 'unused: #1 never goes silent'
      : `unused: #1 crashed (silent = ${s.silent})`,
  posterDies: () => 'unused: the poster survives (postDies = no)',
  epoch: () => 'unused: no restart',
};

export function FaultsPanel({ switches, schedule, onChange, open = false }: Props) {
  const used = usedDimensions(switches, schedule);
  const changed = changedFromBase(schedule);
  const set = (id: ScheduleId, raw: string) => {
    let v: string | number | null = raw;
    if (id === 'wakeAfter') v = Number(raw);
    if (id === 'keyRetention' || id === 'restartAt') v = raw === '' ? null : Number(raw);
    onChange({ ...schedule, [id]: v } as Schedule);
  };
  return (
    <details class="ex-faults" open={open || changed.length > 0} data-faults>
      <summary>
        Faults{' '}
        <span class="muted small">
          {changed.length === 0
            ? '(the base schedule)'
            : `(${changed.length} changed from the base schedule)`}
        </span>
      </summary>
      <p class="small">
        When each fault strikes. The base schedule is the timing every trace page uses; the{' '}
        <a href={href(rulePath('schedule'))}>rules of the schedule</a> and what an exhaustive sweep
        of it finds are on the <a href={href(PAGE.faults)}>faults page</a>.
      </p>
      <div class="ex-faults__grid">
        {SCHEDULE_IDS.map((id) => {
          const v = schedule[id];
          const sel = `ex-fault-${id}`;
          return (
            <div class={changed.includes(id) ? 'ex-fault is-changed' : 'ex-fault'} key={id}>
              <label for={sel}>{SCHEDULE_WORDS[id].label}</label>
              <select
                id={sel}
                name={id}
                disabled={!used[id]}
                aria-describedby={`${sel}-note`}
                onChange={(e) => set(id, (e.currentTarget as HTMLSelectElement).value)}
              >
                {options(id, schedule).map((o) => (
                  <option value={o === null ? '' : String(o)} selected={o === v} key={String(o)}>
                    {scheduleValueText(id, { ...schedule, [id]: o } as Schedule)}
                  </option>
                ))}
              </select>
              <span class="muted small" id={`${sel}-note`}>
                {used[id] ? SCHEDULE_WORDS[id].meaning : why[id]?.(switches, schedule)}
              </span>
            </div>
          );
        })}
      </div>
      {changed.length > 0 && (
        <button type="button" data-faults-reset onClick={() => onChange({ ...BASE_SCHEDULE })}>
          Back to the base schedule
        </button>
      )}
    </details>
  );
}
