/** The orchestrator's handle on the writer process (writer.ts). */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stopProcess } from '../lib/server-process.js';
import type { WriterCommand, WriterConfig, WriterMessage } from './writer.js';
import type { WriterReport } from './write-stats.js';

const WRITER = fileURLToPath(new URL('./writer.ts', import.meta.url));

export class Writer {
  private nextId = 1;
  private readonly waiting = new Map<number, (report: WriterReport) => void>();

  private constructor(readonly child: ChildProcess) {
    child.on('message', (message: WriterMessage) => {
      if (message.type !== 'report') return;
      this.waiting.get(message.id)?.(message.report);
      this.waiting.delete(message.id);
    });
  }

  static async start(config: WriterConfig): Promise<Writer> {
    const child = fork(WRITER, [], {
      execArgv: ['--import', 'tsx'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', WRITER_CONFIG: JSON.stringify(config) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', (message: WriterMessage) =>
        message.type === 'ready' ? resolve() : reject(new Error('writer: unexpected message')),
      );
      child.once('exit', (code) => reject(new Error(`the writer exited (${code}) before it was ready`)));
    });
    return new Writer(child);
  }

  get pid(): number {
    return this.child.pid as number;
  }

  setRate(votes: number, stats: number): void {
    this.send({ type: 'rate', votes, stats });
  }

  /** What the writer did since the previous take(). */
  take(): Promise<WriterReport> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, resolve);
      this.send({ type: 'take', id });
      setTimeout(() => reject(new Error('the writer did not report within 10 s')), 10_000).unref();
    });
  }

  async stop(): Promise<void> {
    if (this.child.connected) this.send({ type: 'stop' });
    const exited = new Promise<void>((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) resolve();
      else this.child.once('exit', () => resolve());
    });
    const late = setTimeout(() => void stopProcess(this.child), 35_000);
    await exited;
    clearTimeout(late);
  }

  private send(command: WriterCommand): void {
    this.child.send(command);
  }
}
