/**
 * A run's SQLite files once its processes are gone: each file's `PRAGMA integrity_check`, and
 * the rows the checker reads into final.json. Shared by the lab's run (lab/run.ts) and the
 * engines' (engines/harness/run.ts); what each reads from its store is its own.
 */
import { DatabaseSync } from 'node:sqlite';

type Json = Record<string, any>;

/** Opens `path`, hands `read` its rows by query, closes it; returns the integrity check's word. */
export function readStore(path: string, read: (rows: (sql: string) => Json[]) => void): string {
  const db = new DatabaseSync(path);
  try {
    const integrity = (db.prepare('PRAGMA integrity_check').get() as Json).integrity_check;
    read((sql) =>
      db
        .prepare(sql)
        .all()
        .map((x) => ({ ...x })),
    );
    return integrity;
  } finally {
    db.close();
  }
}

/** The report table's rows as final.json's `report`: `{ v1: { s1: text, … }, v2: … }`. */
export function reportOf(rows: Json[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const x of rows) (out[x.version as string] ??= {})[x.step as string] = x.text;
  return out;
}
