// A tiny static server for a built site, used by the browser tests and the bench.
// It behaves like a plain static host: directory URLs serve their index.html, a
// directory without its trailing slash is redirected, anything missing (or outside the
// base path) gets dist/404.html with status 404. Binds 127.0.0.1 on a free port.
//
//   node scripts/serve.mjs [dist] [--base /sub/] [--port 4321]
import { createServer } from 'node:http';
import { stat, readFile } from 'node:fs/promises';
import { resolve, join, extname, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
  '.bib': 'text/plain; charset=utf-8',
};

/** Normalise a base path to the form "/", "/sub/". */
export function normaliseBase(base = '/') {
  return ('/' + base + '/').replace(/\/+/g, '/');
}

async function fileIfExists(p) {
  try {
    const s = await stat(p);
    return s.isFile() ? 'file' : s.isDirectory() ? 'dir' : null;
  } catch {
    return null;
  }
}

/**
 * Serve `root` under `base`. Resolves to { url, origin, port, close() }; `url` is the
 * origin plus base, e.g. "http://127.0.0.1:40123/sub/".
 */
export async function serve(root, { base = '/', port = 0 } = {}) {
  root = resolve(root);
  base = normaliseBase(base);
  const notFound = join(root, '404.html');

  async function send(res, status, file, method) {
    const body = await readFile(file);
    res.writeHead(status, {
      'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    res.end(method === 'HEAD' ? undefined : body);
  }

  async function sendNotFound(res, method) {
    if (await fileIfExists(notFound)) return send(res, 404, notFound, method);
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('404 Not Found (and no 404.html in the build)\n');
  }

  // Long addresses are part of what the tests throw at the site (the fuzzing of the 404
  // page and the explorer); Node's default 16 KB header limit would answer 431 first.
  const server = createServer({ maxHeaderSize: 256 * 1024 }, async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' });
        return res.end();
      }
      const url = new URL(req.url, 'http://localhost');
      let path;
      try {
        path = decodeURIComponent(url.pathname);
      } catch {
        return sendNotFound(res, req.method);
      }
      if (path + '/' === base) {
        res.writeHead(301, { location: base + url.search });
        return res.end();
      }
      if (!path.startsWith(base)) return sendNotFound(res, req.method);
      const file = resolve(root, '.' + path.slice(base.length - 1));
      if (file !== root && !file.startsWith(root + sep)) return sendNotFound(res, req.method);
      const kind = await fileIfExists(file);
      if (kind === 'file') return send(res, 200, file, req.method);
      if (kind === 'dir') {
        if (!path.endsWith('/')) {
          res.writeHead(301, { location: url.pathname + '/' + url.search });
          return res.end();
        }
        const index = join(file, 'index.html');
        if (await fileIfExists(index)) return send(res, 200, index, req.method);
      }
      return sendNotFound(res, req.method);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(String(err));
    }
  });

  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', ok);
  });
  const actual = server.address().port;
  const origin = `http://127.0.0.1:${actual}`;
  return {
    origin,
    port: actual,
    url: origin + base,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = args.indexOf(name);
    if (i < 0) return dflt;
    const v = args[i + 1];
    args.splice(i, 2);
    return v;
  };
  const base = opt('--base', '/');
  const port = Number(opt('--port', '0'));
  const root = args[0] ?? 'dist';
  if (!(await fileIfExists(root))) {
    console.error(`serve: no such directory: ${root} (build the site first: npm run build)`);
    process.exit(1);
  }
  const s = await serve(root, { base, port });
  console.log(`serving ${resolve(root)} at ${s.url}  (Ctrl-C to stop)`);
}
