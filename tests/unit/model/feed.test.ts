// The feed on its own: an idempotent receiver keyed by operation.
import { describe, expect, it } from 'vitest';
import { newFeed, receive } from '../../../src/model/index.ts';

const req = { digest: 'abc12345', text: 'New digest' };

describe('receive', () => {
  it('applies a new key once and returns the remembered post for a repeat, posting nothing', () => {
    const feed = newFeed();
    const first = receive(feed, 'k1', req, 3);
    expect(first).toEqual({
      kind: 'applied',
      post: { id: 'P1', digest: 'abc12345', key: 'k1', tick: 3 },
    });
    const again = receive(feed, 'k1', { ...req }, 7);
    expect(again.kind).toBe('remembered');
    expect(again.kind === 'remembered' && again.post).toBe(first.kind === 'applied' && first.post);
    expect(feed.posts).toHaveLength(1);
  });
  it('rejects a remembered key sent with different parameters, and posts nothing', () => {
    const feed = newFeed();
    receive(feed, 'k1', req, 1);
    expect(receive(feed, 'k1', { ...req, digest: 'ffff0000' }, 2)).toEqual({
      kind: 'rejected',
      reason: 'different-request',
    });
    expect(feed.posts).toHaveLength(1);
    expect(feed.remembered.get('k1')!.post.digest).toBe('abc12345');
  });
  it('posts every time when there is no key', () => {
    const feed = newFeed();
    const a = receive(feed, null, req, 1);
    const b = receive(feed, null, req, 2);
    expect([a.kind, b.kind]).toEqual(['applied', 'applied']);
    expect(feed.posts.map((p) => p.id)).toEqual(['P1', 'P2']);
    expect(feed.remembered.size).toBe(0);
  });
  it('treats different keys as different operations', () => {
    const feed = newFeed();
    receive(feed, 'k1', req, 1);
    expect(receive(feed, 'k2', req, 2).kind).toBe('applied');
    expect(feed.posts).toHaveLength(2);
  });
});
