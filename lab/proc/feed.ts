/**
 * The feed: an external receiver in its own process with its own SQLite
 * file, served over loopback HTTP. It cannot be rolled back and checks no
 * owner token. It remembers each key with the request's parameters and the
 * post it produced for `retentionMs` (null: the whole run): a send with a
 * remembered key gets the remembered post back and posts nothing; a
 * remembered key with other parameters is rejected; a new key, or none,
 * applies a new post P1, P2, …
 */
import { DatabaseSync } from 'node:sqlite';
import { conf, now, serialiser, serve, type Json } from './common.ts';

const db = new DatabaseSync(conf.file);
db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;
CREATE TABLE IF NOT EXISTS keys (key TEXT PRIMARY KEY, digest TEXT NOT NULL, post TEXT NOT NULL, stored_us INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS posts (seq INTEGER PRIMARY KEY, op TEXT NOT NULL, post TEXT NOT NULL, digest TEXT NOT NULL, key TEXT);`);

const serial = serialiser(db);
function announce(b: Json): Promise<Json> {
  return serial(b.op, true, () => {
    let out: Json;
    const k = b.key
      ? (db.prepare('SELECT * FROM keys WHERE key = ?').get(b.key) as Json | undefined)
      : undefined;
    const fresh =
      k && (conf.retentionMs === null || now() - k.stored_us <= conf.retentionMs * 1000);
    if (k && fresh)
      out =
        k.digest === b.digest ? { outcome: 'remembered', post: k.post } : { outcome: 'rejected' };
    else {
      const seq =
        ((db.prepare('SELECT COALESCE(MAX(seq), 0) AS m FROM posts').get() as Json).m as number) +
        1;
      const post = `P${seq}`;
      db.prepare('INSERT INTO posts (seq, op, post, digest, key) VALUES (?, ?, ?, ?, ?)').run(
        seq,
        b.op,
        post,
        b.digest,
        b.key ?? null,
      );
      if (b.key)
        db.prepare(
          'INSERT OR REPLACE INTO keys (key, digest, post, stored_us) VALUES (?, ?, ?, ?)',
        ).run(b.key, b.digest, post, now());
      out = { outcome: 'applied', post, forgot: k ? true : undefined };
    }
    return out;
  });
}

serve((path, b) => {
  if (path === '/announce') return announce(b);
  throw new Error(`no route ${path}`);
});
