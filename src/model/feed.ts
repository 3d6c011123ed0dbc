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
}

export type Receipt =
  | { kind: 'applied'; post: Post }
  | { kind: 'remembered'; post: Post }
  | { kind: 'rejected'; reason: string };

export function newFeed(): Feed {
  return { remembered: new Map(), posts: [] };
}

/**
 * Receive one send. The whole body is one transaction, serialised per key:
 * the lookup, the parameter check, the post and its record never interleave
 * with another send carrying the same key.
 */
export function receive(feed: Feed, key: string | null, req: Announcement, tick: number): Receipt {
  const params = JSON.stringify(req);
  if (key !== null) {
    const saved = feed.remembered.get(key);
    if (saved) {
      if (saved.params !== params) return { kind: 'rejected', reason: 'different request' };
      return { kind: 'remembered', post: saved.post }; // same answer, nothing posted
    }
  }
  const post: Post = { id: `P${feed.posts.length + 1}`, digest: req.digest, key, tick };
  feed.posts.push(post); // the post itself: cannot be rolled back
  if (key !== null) feed.remembered.set(key, { params, post });
  return { kind: 'applied', post };
}
