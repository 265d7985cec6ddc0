import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/plugins/validation.js';
import { ADMIN_TOKEN, testApp, type TestApp } from '../helpers.js';
import { createBot, createKey } from '../support/owner.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** How the connection ended: closed by the server, or a socket error before or after the answer. */
  /** How the connection ended: 'close', or the error's code. */
  ended: string;
  ms: number;
}

/**
 * Sends bytes (a string, or a function that writes over time) on a fresh connection and collects
 * the answer until the server closes the connection or `waitMs` passes.
 */
function raw(port: number, send: string | ((socket: net.Socket) => void), waitMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    let ended = 'timeout';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (ended = error.code ?? 'error'));
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: Object.fromEntries(
          lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        ),
        body: rest.join('\r\n\r\n'),
        ended: ended === 'timeout' ? 'close' : ended,
        ms: performance.now() - started,
      });
    });
    const timer = setTimeout(() => {
      ended = 'timeout';
      socket.destroy();
    }, waitMs);
    socket.on('connect', () => (typeof send === 'string' ? socket.write(send) : send(socket)));
  });
}

const auth = `Authorization: Bearer ${ADMIN_TOKEN}\r\n`;

describe('hostile HTTP, answered in the envelope (real sockets)', () => {
  let t: TestApp;
  let port: number;
  let botId: string;
  let statsKey: string;

  beforeAll(async () => {
    t = await testApp('pglite', { env: { REQUEST_TIMEOUT_MS: '2000' } });
    botId = await createBot(t);
    statsKey = (await createKey(t, botId, ['stats:write'])).key;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  describe('a JSON body nested thousands of levels deep', () => {
    const deepArray = '['.repeat(7000) + ']'.repeat(7000);
    const deepObject = '{"a":'.repeat(7000) + '1' + '}'.repeat(7000);

    it.each([
      ['an admin write', 'PUT', () => `/admin/v1/bots/${botId}`, () => auth],
      ['the owner stats report', 'POST', () => `/api/v1/bots/${botId}/stats`, () => `Authorization: Bearer ${statsKey}\r\n`],
      ['the synonyms', 'PUT', () => '/admin/v1/search/synonyms', () => auth],
    ])('to %s is a 422 naming the depth, not a stack overflow', async (_name, method, path, headers) => {
      for (const body of [deepArray, deepObject]) {
        const response = await t.inject({
          method: method as 'PUT',
          url: path(),
          headers: { ...parseHeaders(headers()), 'content-type': 'application/json' },
          payload: body,
        });
        expect(response.statusCode).toBe(422);
        const { error } = response.json();
        expect(error.code).toBe('validation_failed');
        expect(error.details).toContainEqual({ field: expect.any(String), message: `is nested deeper than ${MAX_JSON_DEPTH} levels` });
      }
    });

    it('names the depth when the outer shape is right', async () => {
      const nested = `{"oneWay":[{"input":"a","synonyms":[${'['.repeat(5000)}${']'.repeat(5000)}]}],"multiWay":[]}`;
      const response = await t.inject({
        method: 'PUT',
        url: '/admin/v1/search/synonyms',
        headers: { ...parseHeaders(auth), 'content-type': 'application/json' },
        payload: nested,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details).toContainEqual({
        field: expect.stringMatching(/^oneWay\.0\.synonyms\.0/),
        message: `is nested deeper than ${MAX_JSON_DEPTH} levels`,
      });
    });
  });

  it('an HTTP/1.1 request without Host gets a 422 in the envelope, with rate-limit headers', async () => {
    const answer = await raw(port, 'GET /api/v1/bots HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: 'validation_failed',
        message: expect.any(String),
        details: [{ field: 'request', message: 'HTTP/1.1 requires a Host header' }],
      },
    });
    expect(answer.headers['x-ratelimit-limit']).toBeDefined();
    // HTTP/1.0 has no Host requirement.
    expect((await raw(port, 'GET /api/v1/bots HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  it('CONNECT gets 405 with the path’s Allow (404 for an unknown path), then the connection closes', async () => {
    const known = await raw(port, 'CONNECT /api/v1/bots HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(known.status).toBe(405);
    expect(known.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(known.body).error.code).toBe('method_not_allowed');
    expect(known.ended).toBe('close');
    const tunnel = await raw(port, 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n');
    expect([404, 405]).toContain(tunnel.status);
    expect(JSON.parse(tunnel.body).error.code).toMatch(/not_found|method_not_allowed/);
  });

  it('a 10 MB body gets a readable 413 every time: answered, then the rest is read before closing', async () => {
    const body = Buffer.alloc(10 * 1024 * 1024, 'a');
    const targets = [`/api/v1/bots/${botId}/stats`, `/admin/v1/bots/${botId}`];
    for (let i = 0; i < 16; i++) {
      const path = targets[i % 2] as string;
      const chunked = i % 4 >= 2;
      const answer = await raw(port, (socket) => {
        const method = path.startsWith('/admin') ? 'PUT' : 'POST';
        const key = path.startsWith('/admin') ? auth : `Authorization: Bearer ${statsKey}\r\n`;
        socket.write(`${method} ${path} HTTP/1.1\r\nHost: x\r\n${key}Content-Type: application/json\r\n`);
        if (chunked) {
          socket.write(`Transfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n`);
          socket.write(body);
          socket.end('\r\n0\r\n\r\n');
        } else {
          socket.write(`Content-Length: ${body.length}\r\n\r\n`);
          socket.end(body);
        }
      });
      expect(answer.status, `try ${i}`).toBe(413);
      expect(JSON.parse(answer.body), `try ${i}`).toEqual({ error: { code: 'payload_too_large', message: expect.any(String) } });
      expect(answer.ended, `try ${i}`).toBe('close');
    }
  });

  it('a body trickled a byte at a time is cut with 408 request_timeout at REQUEST_TIMEOUT_MS', async () => {
    let timer: NodeJS.Timeout | undefined;
    const answer = await raw(port, (socket) => {
      socket.write(
        `POST /api/v1/bots/${botId}/stats HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${statsKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      );
      timer = setInterval(() => socket.writable && socket.write(' '), 300);
      socket.on('close', () => clearInterval(timer));
    });
    clearInterval(timer);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'request_timeout', message: expect.any(String) } });
    // 2 s of REQUEST_TIMEOUT_MS, checked every second by Node.
    expect(answer.ms).toBeGreaterThan(1900);
    expect(answer.ms).toBeLessThan(4500);
  });

  it('headers that never end are cut with 408 too', async () => {
    let timer: NodeJS.Timeout | undefined;
    const answer = await raw(port, (socket) => {
      socket.write('GET /api/v1/bots HTTP/1.1\r\nHost: x\r\n');
      timer = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 300);
      socket.on('close', () => clearInterval(timer));
    });
    clearInterval(timer);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).error.code).toBe('request_timeout');
    expect(answer.ms).toBeLessThan(4500);
  });

  it('a client keeps its connection after an ordinary error (no close without need)', async () => {
    const answer = await raw(
      port,
      'GET /api/v1/bots?limit=0 HTTP/1.1\r\nHost: x\r\n\r\nGET /api/v1/bots?limit=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toContain('HTTP/1.1 200 OK');
  });
});

function parseHeaders(lines: string): Record<string, string> {
  return Object.fromEntries(
    lines
      .split('\r\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
}
