// The proxies' one upstream call, shared by the lab's links (lab/run.ts) and the engines' proxies
// (engines/harness/run.ts): a request's text POSTed on to 127.0.0.1, the whole reply handed back.
import { request, type Agent, type ServerResponse } from 'node:http';

/**
 * POST `text` to 127.0.0.1:port/path and hand the whole reply (its body and status) to `then`. A
 * failure on either side ends the caller's own connection, as a dropped link would.
 */
export function forward(
  to: { port: number; path: string; agent: Agent | false },
  text: string,
  res: ServerResponse,
  then: (out: string, status: number) => unknown,
): void {
  const up = request(
    {
      host: '127.0.0.1',
      port: to.port,
      path: to.path,
      method: 'POST',
      agent: to.agent,
      headers: { 'content-type': 'application/json' },
    },
    (ur) => {
      let out = '';
      ur.setEncoding('utf8');
      ur.on('data', (c) => (out += c));
      ur.on('error', () => res.destroy());
      ur.on('end', () => void then(out, ur.statusCode ?? 502));
    },
  );
  up.on('error', () => res.destroy());
  up.end(text);
}

/** The upstream's reply, sent on as it came, unless the caller's connection is gone. */
export function replyWith(res: ServerResponse, status: number, out: string): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(out);
}
