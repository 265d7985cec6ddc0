/** Repeats with a scripted fetch: which methods and answers are repeated, and how long each wait is. */
import { describe, expect, it } from 'vitest';
import { BotDirectory, BotDirectoryError } from '@bot-directory/sdk';

const BOT = '123456789012345678';
const STORED = { data: { serverCount: 1, shardCount: 1 } };

function scripted(answers: Array<() => Response>): { fetch: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (input: Request | string | URL) => {
      calls.push(input instanceof Request ? `${input.method} ${await input.clone().text()}` : String(input));
      const next = answers.shift();
      if (!next) throw new Error('no more scripted answers');
      return next();
    },
  };
}
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const envelope = (code: string) => ({ error: { code, message: code } });

function client(fetchImpl: typeof fetch, retry: ConstructorParameters<typeof BotDirectory>[0]['retry'] = {}) {
  const delays: number[] = [];
  const sdk = new BotDirectory({
    baseUrl: 'http://directory.test',
    token: 'bdk_test',
    fetch: fetchImpl,
    retry: retry === false ? false : { ...retry, sleep: async (ms) => void delays.push(ms) },
  });
  return { sdk, delays };
}

describe('retries', () => {
  it('repeats a GET after 503 with exponential backoff, then succeeds', async () => {
    const script = scripted([
      json(503, envelope('service_unavailable')),
      json(502, 'bad gateway'),
      json(200, { data: { voted: false, votedAt: null, expiresAt: null } }),
    ]);
    const { sdk, delays } = client(script.fetch, { baseDelayMs: 100 });
    expect(await sdk.votes.check(BOT, '1')).toMatchObject({ voted: false });
    expect(script.calls).toHaveLength(3);
    expect(delays[0]).toBeGreaterThanOrEqual(50);
    expect(delays[0]).toBeLessThanOrEqual(100);
    expect(delays[1]).toBeGreaterThanOrEqual(100);
    expect(delays[1]).toBeLessThanOrEqual(200);
  });

  it('honours Retry-After as seconds and as an HTTP date', async () => {
    const inTwoSeconds = new Date(Date.now() + 2500).toUTCString();
    const script = scripted([
      json(429, envelope('rate_limited'), { 'retry-after': '7' }),
      json(503, envelope('service_unavailable'), { 'retry-after': inTwoSeconds }),
      json(200, { data: { voted: false, votedAt: null, expiresAt: null } }),
    ]);
    const { sdk, delays } = client(script.fetch);
    await sdk.votes.check(BOT, '1');
    expect(delays[0]).toBe(7000);
    expect(delays[1]).toBeGreaterThanOrEqual(1000);
    expect(delays[1]).toBeLessThanOrEqual(3000);
  });

  it('does not repeat a POST unless writes are turned on', async () => {
    const once = scripted([json(503, envelope('service_unavailable')), json(200, STORED)]);
    const off = client(once.fetch);
    await expect(off.sdk.stats.post(BOT, { serverCount: 1 })).rejects.toMatchObject({ code: 'service_unavailable', status: 503 });
    expect(once.calls).toHaveLength(1);

    const twice = scripted([json(503, envelope('service_unavailable')), json(200, STORED)]);
    const on = client(twice.fetch, { writes: true });
    expect(await on.sdk.stats.post(BOT, { serverCount: 1 })).toEqual(STORED.data);
    // The repeat sends the same body again.
    expect(twice.calls).toEqual(['POST {"serverCount":1}', 'POST {"serverCount":1}']);
  });

  it('does not repeat a 4xx other than 429, nor anything with retry: false', async () => {
    const script = scripted([json(404, envelope('not_found'))]);
    await expect(client(script.fetch).sdk.bots.get(BOT)).rejects.toMatchObject({ code: 'not_found' });
    const none = scripted([json(500, envelope('internal_error'))]);
    await expect(client(none.fetch, false).sdk.bots.get(BOT)).rejects.toMatchObject({ code: 'internal_error', status: 500 });
    expect(none.calls).toHaveLength(1);
  });

  it('names an answer without the envelope invalid_response (4xx) or internal_error (5xx), keeping the status', async () => {
    const html = () => new Response('<html>proxy</html>', { status: 418, headers: { 'content-type': 'text/html' } });
    const error = await client(scripted([html]).fetch)
      .sdk.bots.get(BOT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BotDirectoryError);
    expect(error).toMatchObject({ code: 'invalid_response', status: 418 });
    const gateway = () => new Response('<html>504</html>', { status: 504 });
    const failed = await client(scripted([gateway]).fetch, false)
      .sdk.bots.get(BOT)
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: 'internal_error', status: 504 });
  });

  it('times an attempt out (code timeout) and repeats it for reads', async () => {
    let calls = 0;
    const hanging = ((_request: Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        calls += 1;
        init?.signal?.addEventListener('abort', () =>
          reject(init.signal!.reason instanceof Error ? init.signal!.reason : new Error(String(init.signal!.reason))),
        );
      })) as typeof fetch;
    const sdk = new BotDirectory({
      baseUrl: 'http://directory.test',
      fetch: hanging,
      timeoutMs: 20,
      retry: { retries: 1, sleep: async () => {} },
    });
    await expect(sdk.bots.get(BOT)).rejects.toMatchObject({ code: 'timeout', status: 0 });
    expect(calls).toBe(2);
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => new BotDirectory({ baseUrl: 'directory.test' })).toThrow(TypeError);
  });
});
