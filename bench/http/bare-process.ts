/** The bare reference server (`bare-server.mjs`) in a process of its own. */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort, stopProcess } from '../lib/server-process.js';

export interface Answer {
  /** The route (no query string). */
  path: string;
  /** base64 */
  body: string;
  type: string;
  cacheControl: string | null;
  etag: string | null;
}

export async function startBare(answers: Answer[], file: string): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const script = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_BARE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean), script, file, String(port)],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/__ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      await stopProcess(child);
      throw new Error('the bare server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const answer of answers) {
    const got = Buffer.from(await (await fetch(`${url}${answer.path}`)).arrayBuffer());
    if (!got.equals(Buffer.from(answer.body, 'base64')))
      throw new Error(`the bare server does not answer the same bytes for ${answer.path}`);
  }
  return { url, pid: child.pid as number, stop: () => stopProcess(child) };
}
