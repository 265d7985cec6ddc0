import { connect } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { BufferPool } from '../../../src/lib/answers/buffer-pool.js';
import { answersPlugin, type Answer, type AnswerStore } from '../../../src/lib/answers/index.js';

describe('BufferPool', () => {
  it('lends exactly the bytes asked for, and reuses memory only once it is given back', () => {
    const pool = new BufferPool();
    const first = pool.lend(20_000);
    expect(first.bytes.length).toBe(20_000);
    const second = pool.lend(20_000);
    expect(second.bytes.buffer).not.toBe(first.bytes.buffer);
    first.giveBack?.();
    first.giveBack?.();
    const third = pool.lend(30_000);
    expect(third.bytes.buffer).toBe(first.bytes.buffer);
    // Given back twice, still lent once: the next one is new memory.
    expect(pool.lend(30_000).bytes.buffer).not.toBe(first.bytes.buffer);
  });

  it('does not pool answers too large for it, and keeps a bounded number of free buffers', () => {
    const pool = new BufferPool(2);
    expect(pool.lend(1024 * 1024).giveBack).toBeUndefined();
    const lent = [pool.lend(1000), pool.lend(1000), pool.lend(1000)];
    for (const one of lent) one.giveBack?.();
    const again = [pool.lend(1000), pool.lend(1000), pool.lend(1000)].map((one) => one.bytes.buffer);
    expect(again.filter((memory) => lent.some((one) => one.bytes.buffer === memory))).toHaveLength(2);
  });
});

describe('reply.answer with a lent body, over real sockets', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('gives each buffer back only after its response reached the kernel: answers waiting for slow readers stay whole', async () => {
    // Answers of 4 MB: more than loopback's kernel buffers take for a socket nobody reads (200 KB
    // would go in at once), so each waits in the server, in its lent buffer.
    const size = 4 * 1024 * 1024;
    const pool = new BufferPool(4, size);
    let givenBack = 0;
    const app = Fastify();
    // A store that hands out what the route computes: here, answers in buffers lent from the pool.
    const store = { answer: (_read: unknown, compute: () => Answer) => compute() } as unknown as AnswerStore;
    await app.register(answersPlugin, { store });
    app.get<{ Querystring: { n: string } }>('/page', (request, reply) => {
      const n = Number(request.query.n);
      reply.answer({ type: 'application/octet-stream', cacheControl: 'no-store' }, () => {
        // Large enough that the socket cannot take it at once: the write finishes later.
        const lent = pool.lend(size);
        lent.bytes.fill(n % 251);
        const release = lent.giveBack;
        return { body: lent.bytes, etag: `"${n}"`, release: () => (givenBack++, release?.()) };
      });
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    close = () => app.close();
    const { port } = app.server.address() as { port: number };

    // Connections that read nothing for a while, while other requests are answered from the same pool.
    const fetchSlowly = (n: number) =>
      new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = connect({ host: '127.0.0.1', port }, () => {
          socket.pause();
          socket.write(`GET /page?n=${n} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
          setTimeout(() => socket.resume(), 300);
        });
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve(raw.subarray(raw.indexOf('\r\n\r\n') + 4));
        });
        socket.on('error', reject);
      });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => fetchSlowly(n)));
    answers.forEach((body, n) => {
      expect(body.length).toBe(size);
      expect(body.every((byte) => byte === n % 251)).toBe(true);
    });
    expect(givenBack).toBe(12);
  });
});
