/**
 * The service under test, started the way `npm start` starts it (node --enable-source-maps
 * dist/src/server.js) in a process of its own, with production settings and rate limits on but
 * out of reach. Its log goes to a file; the bench counts the error lines in it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HUGE = String(1_000_000_000);

export interface RunningServer {
  pid: number;
  url: string;
  adminToken: string;
  /** From spawn to the first 200 of GET /api/v1/bots. */
  startupMs: number;
  logFile: string;
  stop(): Promise<void>;
}

export function buildServer(): void {
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startServer(dataEnv: Record<string, string>, logFile: string): Promise<RunningServer> {
  const port = await freePort();
  const adminToken = `bench-${randomBytes(16).toString('hex')}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    ADMIN_TOKEN: adminToken,
    SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    // Rate limiting stays on (every request counted, headers set); the limits are out of reach.
    RATE_LIMIT_ANONYMOUS: HUGE,
    RATE_LIMIT_EMBEDS: HUGE,
    RATE_LIMIT_TIER1: HUGE,
    RATE_LIMIT_TIER2: HUGE,
    RATE_LIMIT_TIER3: HUGE,
    RATE_LIMIT_PAGES: HUGE,
    ...dataEnv,
    // BENCH_SERVER_ENV: extra variables for the server, e.g. `MALLOC_ARENA_MAX=2` (space-separated K=V).
    ...Object.fromEntries(
      (process.env.BENCH_SERVER_ENV ?? '')
        .split(/\s+/)
        .filter((kv) => kv.includes('='))
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    ),
  };
  const log = openSync(logFile, 'a');
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS: extra Node.js flags for the server, e.g. `--cpu-prof --cpu-prof-dir=prof`.
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--enable-source-maps', 'dist/src/server.js'], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopProcess(child);
  try {
    await waitForList(child, url, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid as number, url, adminToken, startupMs: performance.now() - started, logFile, stop };
}

/** Polls GET /api/v1/bots until it answers 200; fails when the process exits first or after 10 minutes. */
async function waitForList(child: ChildProcess, url: string, logFile: string): Promise<void> {
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `exited (${signal ?? code}) before answering`));
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server ${exited}; log:\n${tail(logFile)}`);
    try {
      const response = await fetch(`${url}/api/v1/bots`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not answer within 10 minutes; log:\n${tail(logFile)}`);
}

/** SIGTERM (the server closes gracefully), SIGKILL after 15 s. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Lines of the server's log at level error or fatal (pino: 50, 60), and any that are not pino's (a crash's stack). */
export function errorLines(logFile: string): string[] {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => /"level":(50|60)\b/.test(line) || (line.trim() !== '' && !line.startsWith('{')));
}

function tail(file: string): string {
  return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
}
