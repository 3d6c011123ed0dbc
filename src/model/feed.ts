/**
 * The feed (rules page #rule-feed): an external receiver that cannot be rolled back and never looks
 * at owner tokens. It makes a repeated announcement harmless the only way a
 * receiver can: by remembering, per key, the request it was given and the
 * post it produced. The companion shows this file's `receive` to readers.
 */

export interface Announcement {
  digest: string; // the accepted digest being announced
  text: string;
}

export interface Post {
  id: string; // P1, P2, …
  digest: string;
  key: string | null;
  tick: number;
}

export interface Feed {
  remembered: Map<string, { params: string; post: Post }>;
  posts: Post[];
  /** Ticks a key is remembered after it was stored; null: the whole run (#rule-fault-retention). */
  retention: number | null;
}

export type Receipt =
  | { kind: 'applied'; post: Post; forgot?: Post }
  | { kind: 'remembered'; post: Post }
  | { kind: 'rejected'; reason: 'different-request' };

export function newFeed(retention: number | null = null): Feed {
  return { remembered: new Map(), posts: [], retention };
}

const PARAMS = new Map<string, Map<string, string>>();

/** The request as the feed compares it: its JSON (memoised; the same few requests recur in every run). */
function paramsOf(req: Announcement): string {
  let byText = PARAMS.get(req.digest);
  if (byText === undefined) PARAMS.set(req.digest, (byText = new Map()));
  let p = byText.get(req.text);
  if (p === undefined) byText.set(req.text, (p = JSON.stringify(req)));
  return p;
}

/**
 * Receive one send. The whole body is one transaction, serialised per key:
 * the lookup, the parameter check, the post and its record never interleave
 * with another send carrying the same key.
 */
export function receive(feed: Feed, key: string | null, req: Announcement, tick: number): Receipt {
  const params = paramsOf(req);
  let forgot: Post | undefined;
  if (key !== null) {
    let saved = feed.remembered.get(key);
    if (saved && feed.retention !== null && tick - saved.post.tick >= feed.retention) {
      forgot = saved.post; // kept too long: forgotten, so this send is new to the feed
      feed.remembered.delete(key);
      saved = undefined;
    }
    if (saved) {
      if (saved.params !== params) return { kind: 'rejected', reason: 'different-request' };
      return { kind: 'remembered', post: saved.post }; // same answer, nothing posted
    }
  }
  const post: Post = { id: `P${feed.posts.length + 1}`, digest: req.digest, key, tick };
  feed.posts.push(post); // the post itself: cannot be rolled back
  if (key !== null) feed.remembered.set(key, { params, post });
  return forgot ? { kind: 'applied', post, forgot } : { kind: 'applied', post };
}
