/**
 * Every URL the site makes, in one place. Functions return site-relative
 * paths ("/traces/<slug>/#t8"); pass them through `href()` (src/lib/paths.ts)
 * to add the base path. Nothing else in src builds a trace, explorer, fault,
 * data, rules or definition URL by hand (tests/unit/lib/routes.test.ts
 * checks).
 *
 * Pure and small: islands and the 404 script import it.
 */
import { PRESETS, sameSwitches } from '../model/presets.ts';
import { scheduleSearch, type Schedule } from '../model/schedule.ts';
import { changedFromMain, slugOf, type Switches } from '../model/switches.ts';
import type { InvariantId, RuleId } from '../model/types.ts';
import { formatTick } from './format.ts';

/** The site's pages. */
export const PAGE = {
  home: '/',
  article: '/article/',
  companion: '/companion/',
  explorer: '/explorer/',
  traces: '/traces/',
  model: '/model/',
  search: '/search/',
  faults: '/faults/',
  /** The model against real parts (lab/, src/data/lab.json). */
  lab: '/lab/',
  /** The worked example on real engines (engines/, src/data/engines.json). */
  engines: '/engines/',
  runsJson: '/data/runs.json',
  faultsJson: '/data/faults.json',
  versionsJson: '/data/versions.json',
  /** The lab's results (src/data/lab.json). */
  labJson: '/data/lab.json',
  /** The engines' results (src/data/engines.json). */
  enginesJson: '/data/engines.json',
  /** The article's Try-it panel: what each setting's run shows there (tryit-table.ts GlanceTable). */
  tryitJson: '/data/tryit.json',
} as const;

/** The explorer's query parameters that are not switches. */
export const EXPLORER_PARAMS = ['scene', 'vs'] as const;

// ——— Ticks and traces ———

/** The id of a tick's row group on a trace page and the explorer's hash: "t8". */
export function tickId(tick: number): string {
  return formatTick(tick);
}

/** A same-page link to a tick: "#t8". */
export function tickHash(tick: number): string {
  return `#${tickId(tick)}`;
}

/** A run's trace page, optionally at a tick: /traces/<slug>/ or /traces/<slug>/#t8. */
export function tracePath(s: Switches, tick?: number | null): string {
  return `${PAGE.traces}${slugOf(s)}/${tick === undefined || tick === null ? '' : tickHash(tick)}`;
}

/** A run's own JSON file. */
export function runJsonPath(s: Switches): string {
  return `/data/runs/${slugOf(s)}.json`;
}

// ——— The explorer ———

/** How the explorer's URL names a compared setting: its preset id when it has one, else its slug. */
export function vsToken(s: Switches): string {
  const p = PRESETS.find((x) => sameSwitches(x.switches, s));
  return p ? p.id : slugOf(s);
}

export interface ExplorerView {
  /** Guided-route scene, 1-based. */
  scene?: number | null;
  /** The setting shown in Compare (written whenever given, "main" for the main trace). */
  vs?: Switches | null;
  /** The chosen tick (the hash). */
  tick?: number | null | undefined;
  /** The fault schedule (only the dimensions that differ from the base are written). */
  schedule?: Schedule | null | undefined;
}

/**
 * The explorer's search and hash for a setting and view: only switches that
 * differ from the main trace, then scene and vs, then the schedule's
 * dimensions that differ from the base, then #tN. "" for the main trace with
 * nothing chosen.
 */
export function explorerSearch(s: Switches, view: ExplorerView = {}): string {
  const p = new URLSearchParams();
  for (const id of changedFromMain(s)) p.set(id, s[id]);
  if (view.scene !== undefined && view.scene !== null) p.set('scene', String(view.scene));
  if (view.vs) p.set('vs', vsToken(view.vs));
  const q = [p.toString(), view.schedule ? scheduleSearch(view.schedule) : '']
    .filter(Boolean)
    .join('&');
  return (
    (q ? `?${q}` : '') + (view.tick !== undefined && view.tick !== null ? tickHash(view.tick) : '')
  );
}

/** The explorer at a setting and view, e.g. /explorer/?fencing=off&vs=main#t11. */
export function explorerPath(s: Switches, view: ExplorerView = {}): string {
  return `${PAGE.explorer}${explorerSearch(s, view)}`;
}

// ——— Rules, definitions, sections ———

/** Rule sections of /model/ that are not an event's rule: the world, timing, ticks, lifecycles, outcome and the invariants. */
export type RuleSection =
  | RuleId
  | 'world'
  | 'switches'
  | 'timing'
  | 'tick'
  | 'lifecycles'
  | 'outcome'
  | 'schedule'
  | 'finished'
  | 'duplicate-effect'
  | 'stale-write'
  | 'superseded-accepted'
  | 'dependant-wrong'
  | 'two-accepted';

/** The id of a rule's section on /model/: "rule-assess". */
export function ruleId(rule: RuleSection): string {
  return `rule-${rule}`;
}

/** A rule's section on the rules page: /model/#rule-assess. */
export function rulePath(rule: RuleSection): string {
  return `${PAGE.model}#${ruleId(rule)}`;
}

const INVARIANT_SLUG: Record<InvariantId, RuleSection & string> = {
  duplicateEffect: 'duplicate-effect',
  staleWrite: 'stale-write',
  supersededAccepted: 'superseded-accepted',
  dependantWrong: 'dependant-wrong',
  twoAccepted: 'two-accepted',
};

/** The rules-page section of an invariant: "duplicate-effect". */
export function invariantRule(id: InvariantId): RuleSection {
  return INVARIANT_SLUG[id];
}

/**
 * Where an invariant's label links: its definition on the companion
 * (def-duplicate-effect … def-two-accepted). The rules page's section of the
 * invariant (invariantRule) says how the model checks it.
 */
export function invariantPath(id: InvariantId): string {
  return definitionPath(id);
}

/** The companion's definition anchor of an invariant (or of "finished"): "def-stale-write". */
export function definitionId(id: InvariantId | 'finished'): string {
  return `def-${id === 'finished' ? 'finished' : INVARIANT_SLUG[id]}`;
}

/** The companion's definition of an invariant: /companion/#def-stale-write. */
export function definitionPath(id: InvariantId | 'finished'): string {
  return `${PAGE.companion}#${definitionId(id)}`;
}

// ——— Faults ———

/** A shortest counterexample's page, optionally at a tick: /faults/duplicate-effect/ or /faults/duplicate-effect/#t12. */
export function faultPath(invariant: InvariantId, tick?: number | null): string {
  return `${PAGE.faults}${invariantRule(invariant)}/${tick === undefined || tick === null ? '' : tickHash(tick)}`;
}

/** A section of the article: /article/#fencing. */
export function articlePath(section: string): string {
  return `${PAGE.article}#${section}`;
}
