/**
 * Reading untrusted query parameters, shared by the switches (switches.ts),
 * the fault schedule (schedule.ts) and the explorer's own parameters. Nothing
 * here is thrown and nothing is worded: each thing wrong with an address is a
 * problem as data (`code`, `param`, `value`, and for a bad value what was
 * expected and what is used instead); src/lib/notices.ts says it in words.
 */

/** Is `x` one of `values`? A type guard, so a string read from a URL narrows to the values' type. */
export function isOneOf<const T extends string>(values: readonly T[], x: string): x is T {
  return (values as readonly string[]).includes(x);
}

/** What a parameter accepts, as data. */
export type Expected =
  /** One of a list of words. */
  | { kind: 'one-of'; values: readonly string[] }
  /**
   * A whole number from `min` to `max`, counted in `unit` (a number of ticks,
   * or a tick), or the word `or` (which reads as null).
   */
  | { kind: 'whole'; unit: 'ticks' | 'tick'; min: number; max: number; or?: string };

/** Something wrong with one query parameter (a switch, a schedule dimension, an explorer parameter). */
export type ParamProblem =
  /** The parameter names nothing the parser reads; it was ignored. */
  | { code: 'unknown-param'; param: string; value: string }
  /** The parameter came again; its first value was kept. */
  | { code: 'repeated'; param: string; value: string }
  /** The value is not one the parameter accepts; `fallback` is used instead. */
  | { code: 'bad-value'; param: string; value: string; expected: Expected; fallback: string };

/**
 * The value `expected` accepts for this text: the word itself, the number, or
 * null for the `or` word; undefined when the text is not acceptable.
 */
export function accept(expected: Expected, value: string): string | number | null | undefined {
  if (expected.kind === 'one-of') return isOneOf(expected.values, value) ? value : undefined;
  if (expected.or !== undefined && value === expected.or) return null;
  if (!/^\d{1,3}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= expected.min && n <= expected.max ? n : undefined;
}

/**
 * The one loop over query parameters: each parameter that `isId` knows is
 * passed to `take` once, with its first value (a later one is a `repeated`
 * problem); `take` applies the value and returns null, or returns the problem
 * with it. Other parameters are `unknown-param` problems when `unknown` is
 * 'report', and left to the caller when it is 'skip'. Problems come in the
 * order of the parameters.
 */
export function readParams<Id extends string, P = never>(
  params: Iterable<readonly [string, string]>,
  isId: (param: string) => param is Id,
  take: (id: Id, value: string) => P | ParamProblem | null,
  unknown: 'report' | 'skip',
): (P | ParamProblem)[] {
  const problems: (P | ParamProblem)[] = [];
  const seen = new Set<string>();
  for (const [param, value] of params) {
    if (!isId(param)) {
      if (unknown === 'report') problems.push({ code: 'unknown-param', param, value });
      continue;
    }
    if (seen.has(param)) {
      problems.push({ code: 'repeated', param, value });
      continue;
    }
    seen.add(param);
    const problem = take(param, value);
    if (problem !== null) problems.push(problem);
  }
  return problems;
}

/**
 * A record of values read from query parameters over `base`: each parameter
 * `isId` knows is read with `accept` against what it `accepts`; a value it does
 * not accept is a `bad-value` problem and leaves the base value, which the
 * problem names (`fallback`: its text in a URL).
 */
export function readValues<Id extends string, V>(
  params: Iterable<readonly [string, string]>,
  isId: (param: string) => param is Id,
  base: { readonly [K in Id]: V },
  spec: {
    accepts: (id: Id) => Expected;
    fallback: (id: Id) => string;
    unknown: 'report' | 'skip';
  },
): { values: Record<Id, V | string | number | null>; problems: ParamProblem[] } {
  const values: Record<Id, V | string | number | null> = { ...base };
  const problems = readParams(
    params,
    isId,
    (id, value) => {
      const expected = spec.accepts(id);
      const v = accept(expected, value);
      if (v === undefined)
        return { code: 'bad-value', param: id, value, expected, fallback: spec.fallback(id) };
      values[id] = v;
      return null;
    },
    spec.unknown,
  );
  return { values, problems };
}
