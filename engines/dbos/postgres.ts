/**
 * A throwaway PostgreSQL cluster for one set of DBOS runs: `initdb` into a
 * temporary directory, the postmaster started on a loopback port chosen free, and
 * the whole directory removed at the end. The binaries are Debian's
 * (/usr/lib/postgresql/<version>/bin, the newest version found) or the first
 * `initdb` on PATH. PostgreSQL refuses to run as root, so when the lab runs
 * as root the cluster belongs to the `postgres` user (created by Debian's
 * package) and every command runs through `runuser -u postgres`; otherwise
 * it runs as the lab's own user.
 *
 * `kill()` (or a SIGKILL of `postmaster()` from outside) is this engine's
 * "server killed" fault: no shutdown of any kind; `start()` again is the
 * restart, which runs PostgreSQL's crash recovery from its WAL.
 */
import { execFile, spawn } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';

export class PostgresNotFound extends Error {
  constructor() {
    super('PostgreSQL not found: apt-get install postgresql');
    this.name = 'PostgresNotFound';
  }
}

/** The directory holding initdb, postgres and pg_isready, or null. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+(\.\d+)?$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    const newest = versions[0];
    if (newest) return join(root, newest, 'bin');
  }
  for (const d of (process.env.PATH ?? '').split(delimiter))
    if (d && existsSync(join(d, 'initdb')) && existsSync(join(d, 'postgres'))) return d;
  return null;
}

/** The uid and gid that own the cluster: the lab's own, or postgres's when the lab is root. */
function owner(): { uid: number; gid: number; asUser: string | null } {
  const me = userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: me.gid, asUser: null };
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line)
    throw new Error(
      'running as root, and no postgres user to run PostgreSQL as (apt-get install postgresql creates it)',
    );
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid), asUser: 'postgres' };
}

function run(cmd: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(cmd, args, { timeout: timeoutMs, maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err)
        reject(
          new Error(
            `${[cmd, ...args].join(' ')} failed: ${String(stderr || stdout || err.message)
              .trim()
              .slice(0, 2000)}`,
          ),
        );
      else resolve(stdout);
    }),
  );
}

/** A loopback port that was free a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export class Cluster {
  readonly dir: string;
  readonly port: number;
  private readonly bin: string;
  private readonly asUser: string | null;
  /** The process group of the running server (its launcher's pid), or null. */
  private group: number | null = null;
  private constructor(bin: string, dir: string, port: number, asUser: string | null) {
    this.bin = bin;
    this.dir = dir;
    this.port = port;
    this.asUser = asUser;
  }

  /** initdb a fresh cluster in a temporary directory and start it. Throws PostgresNotFound without the binaries. */
  static async create(o: { timeoutMs?: number } = {}): Promise<Cluster> {
    const bin = findPgBin();
    if (!bin) throw new PostgresNotFound();
    const who = owner();
    const dir = mkdtempSync(join(tmpdir(), 'dbos-pg-'));
    if (who.asUser) chownSync(dir, who.uid, who.gid);
    const c = new Cluster(bin, dir, await freePort(), who.asUser);
    try {
      // trust on loopback only: the cluster listens on 127.0.0.1 and lives for one lab run
      await c.pg('initdb', ['-D', c.data, '-U', 'postgres', '-A', 'trust', '--no-sync'], o);
      await c.start(o);
    } catch (e) {
      rmSync(dir, { recursive: true, force: true });
      throw e;
    }
    return c;
  }

  get data(): string {
    return join(this.dir, 'data');
  }
  /** A connection URL for one database of the cluster. */
  url(db: string): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${db}`;
  }

  private pg(tool: string, args: string[], o: { timeoutMs?: number }): Promise<string> {
    return this.pgRun(join(this.bin, tool), args, o);
  }
  /** A command as the cluster's owner. */
  private pgRun(exe: string, args: string[], o: { timeoutMs?: number }): Promise<string> {
    const t = o.timeoutMs ?? 60_000;
    return this.asUser
      ? run('runuser', ['-u', this.asUser, '--', exe, ...args], t)
      : run(exe, args, t);
  }

  /**
   * Start the postmaster as a child of this process (through runuser when
   * root), so that a SIGKILLed postmaster is reaped here rather than left a
   * zombie whose pid still looks alive to the next start; resolves once it
   * accepts connections (pg_isready). fsync is off: the faults here kill
   * processes, never the machine, and a killed process's writes are already
   * in the kernel's page cache; PostgreSQL's WAL and crash recovery still
   * run as they would with it on.
   */
  async start(o: { timeoutMs?: number } = {}): Promise<void> {
    await this.reap();
    const exe = join(this.bin, 'postgres');
    const args = [
      '-D',
      this.data,
      '-p',
      String(this.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-k',
      this.dir,
      '-c',
      'fsync=off',
      '-c',
      'max_connections=100',
      '-c',
      'shared_buffers=16MB',
    ];
    const log = openSync(join(this.dir, 'log'), 'a');
    const child = this.asUser
      ? spawn('runuser', ['-u', this.asUser, '--', exe, ...args], {
          detached: true,
          stdio: ['ignore', log, log],
        })
      : spawn(exe, args, { detached: true, stdio: ['ignore', log, log] });
    closeSync(log);
    child.unref();
    this.group = child.pid ?? null;
    const until = Date.now() + (o.timeoutMs ?? 60_000);
    for (;;) {
      try {
        await this.pg('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(this.port)], {
          timeoutMs: 5000,
        });
        return;
      } catch (e) {
        if (child.exitCode !== null || Date.now() > until)
          throw new Error(
            `PostgreSQL did not start (${exe}): ${readFileSync(join(this.dir, 'log'), 'utf8').slice(-1500)}`,
            { cause: e },
          );
        await sleep(50);
      }
    }
  }

  /** The postmaster's pid (the first line of postmaster.pid), or null when it is not running. */
  postmaster(): number | null {
    try {
      const pid = Number(readFileSync(join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return pid > 0 && alive(pid) ? pid : null;
    } catch {
      return null;
    }
  }

  /**
   * SIGKILL the server's process group (its launcher and the postmaster) and wait until it is
   * empty. The backends run in groups of their own and exit when they see the postmaster gone.
   */
  private async reap(): Promise<void> {
    if (this.group === null) return;
    const g = this.group;
    try {
      process.kill(-g, 'SIGKILL');
    } catch {
      // the group is empty already
    }
    for (let i = 0; i < 500; i++) {
      try {
        process.kill(-g, 0);
      } catch {
        break;
      }
      await sleep(10);
    }
    this.group = null;
  }

  /** The "server killed" fault: SIGKILL of the postmaster and its backends, no shutdown of any kind. */
  async kill(): Promise<void> {
    await this.reap();
  }

  /** A new cluster from a copy of this one's data directory (this one stopped), started on a port of its own. */
  async copy(o: { timeoutMs?: number } = {}): Promise<Cluster> {
    const who = owner();
    const dir = mkdtempSync(join(tmpdir(), 'dbos-pg-'));
    if (who.asUser) chownSync(dir, who.uid, who.gid);
    const c = new Cluster(this.bin, dir, await freePort(), this.asUser);
    try {
      await c.pgRun('cp', ['-a', this.data, c.data], o);
      await c.start(o);
    } catch (e) {
      await c.destroy();
      throw e;
    }
    return c;
  }

  /** The same as destroy, for a process's exit handler (nothing asynchronous runs there). */
  destroySync(): void {
    if (this.group !== null)
      try {
        process.kill(-this.group, 'SIGKILL');
      } catch {
        // gone already
      }
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Stop the cluster (immediately: nothing in it is kept) and remove its directory. */
  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** createdb, through a client connection (psql is not needed). */
  async createDb(name: string): Promise<void> {
    await this.pg(
      'createdb',
      ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', name],
      {},
    );
  }
}
