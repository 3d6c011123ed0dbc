// The site's one static server (npm start, the browser tests, the bench). It behaves like a
// plain static host: a directory URL serves its index.html (without its trailing slash it
// is redirected), anything missing or outside the base path gets 404.html with status 404.
// Binds 127.0.0.1; port 0 picks a free one.
//
//   node scripts/serve.mjs [dist] [--base /sub/] [--port 4321]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';

const TEXT = {
  html: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  json: 'application/json',
  xml: 'application/xml',
  txt: 'text/plain',
  bib: 'text/plain',
  vtt: 'text/vtt',
};
const BINARY = {
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  wasm: 'application/wasm',
  opus: 'audio/ogg',
};
const typeOf = (file) => {
  const ext = extname(file).slice(1).toLowerCase();
  return TEXT[ext] ? `${TEXT[ext]}; charset=utf-8` : (BINARY[ext] ?? 'application/octet-stream');
};
const kindOf = (p) =>
  stat(p).then(
    (s) => (s.isFile() ? 'file' : s.isDirectory() ? 'dir' : null),
    () => null,
  );

/** Serve `root` under `base` → { origin, port, url (origin + base), close() }. */
export async function serve(root, { base = '/', port = 0 } = {}) {
  root = resolve(root);
  base = ('/' + base + '/').replace(/\/+/g, '/');
  const send = async (res, status, file, head) => {
    const body = await readFile(file);
    res.writeHead(status, {
      'content-type': typeOf(file),
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    res.end(head ? undefined : body);
  };
  const redirect = (res, location) => res.writeHead(301, { location }).end();

  // Long addresses are part of what the tests throw at the site (404 and explorer fuzzing);
  // Node's default 16 KB header limit would answer 431 first.
  const server = createServer({ maxHeaderSize: 256 * 1024 }, async (req, res) => {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) return res.writeHead(405, { allow: 'GET, HEAD' }).end();
    const notFound = async () => {
      if ((await kindOf(join(root, '404.html'))) === 'file')
        return send(res, 404, join(root, '404.html'), head);
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('404 Not Found (and no 404.html in the build)\n');
    };
    try {
      const url = new URL(req.url, 'http://localhost');
      let path;
      try {
        path = decodeURIComponent(url.pathname);
      } catch {
        return notFound();
      }
      if (path + '/' === base) return redirect(res, base + url.search);
      const file = resolve(root, '.' + path.slice(base.length - 1));
      if (!path.startsWith(base) || (file !== root && !file.startsWith(root + sep)))
        return notFound();
      const kind = await kindOf(file);
      if (kind === 'file') return send(res, 200, file, head);
      if (kind === 'dir' && !path.endsWith('/'))
        return redirect(res, url.pathname + '/' + url.search);
      if (kind === 'dir' && (await kindOf(join(file, 'index.html'))) === 'file')
        return send(res, 200, join(file, 'index.html'), head);
      return notFound();
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(err));
    }
  });
  await new Promise((ok, fail) =>
    server.once('error', fail).listen(port, '127.0.0.1', () => ok(undefined)),
  );
  const bound = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  const origin = `http://127.0.0.1:${bound}`;
  const close = () =>
    new Promise((ok) => (server.closeAllConnections(), server.close(() => ok(undefined))));
  return { origin, port: bound, url: origin + base, close };
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { base: { type: 'string', default: '/' }, port: { type: 'string', default: '0' } },
  });
  const root = positionals[0] ?? 'dist';
  if ((await kindOf(root)) !== 'dir') {
    console.error(`serve: no such directory: ${root} (build the site first: npm run build)`);
    process.exit(1);
  }
  const s = await serve(root, { base: values.base, port: Number(values.port) });
  console.log(`serving ${resolve(root)} at ${s.url}  (Ctrl-C to stop)`);
}
