import net from 'node:net';
import tls from 'node:tls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from 'undici';
import { ForbiddenAddressError, type LookupFn } from '../../../src/modules/webhooks/endpoints/resolve-host.js';
import { createSafeConnector, createSafeDispatcher } from '../../../src/modules/webhooks/delivery/safe-dispatcher.js';
import { validateWebhookUrl } from '../../../src/modules/webhooks/endpoints/url-policy.js';
import { startReceiver, type LoopbackReceiver } from './loopback-receiver.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Every socket the code under test opens is recorded, and any attempt to a
 * non-loopback address is stopped before it leaves the process: the tests
 * must never send a packet to 10.x, 169.254.x or a public address.
 */
let connectTargets: string[];
beforeEach(() => {
  connectTargets = [];
  for (const [module, name] of [
    [net, 'connect'],
    [tls, 'connect'],
  ] as const) {
    const original = module.connect.bind(module) as (...args: unknown[]) => net.Socket;
    vi.spyOn(module, 'connect').mockImplementation(((options: { host?: string }, ...rest: unknown[]) => {
      const host = options.host ?? '';
      connectTargets.push(`${name}:${host}`);
      if (!LOOPBACK.has(host)) throw new Error(`test guard: refused to connect to ${host}`);
      return original(options, ...rest);
    }) as never);
  }
});
afterEach(() => vi.restoreAllMocks());

let receiver: LoopbackReceiver;
let dispatcher: Agent | undefined;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await dispatcher?.close();
  dispatcher = undefined;
  await receiver.close();
});

const post = (url: string) => dispatcher!.request({ origin: new URL(url).origin, path: new URL(url).pathname, method: 'POST', body: '{}' });

describe('safe dispatcher', () => {
  it('refuses at connect time when DNS flips to a private address after validation (rebinding)', async () => {
    const answers = ['93.184.216.34', '10.0.0.1'];
    const lookup: LookupFn = vi.fn(async () => [{ address: answers.shift()!, family: 4 }]);

    // Configuration time: the name looks public (stubbed, nothing is sent).
    expect((await validateWebhookUrl('http://rebind.example.test/hook', { lookup })).ok).toBe(true);

    // Delivery time: the same name now answers 10.0.0.1.
    dispatcher = createSafeDispatcher({ lookup, timeoutMs: 2000 });
    const error = await post('http://rebind.example.test/hook').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenAddressError);
    expect((error as ForbiddenAddressError).verdict).toMatchObject({ address: '10.0.0.1', category: 'private' });
    expect(connectTargets).toEqual([]);
  });

  it.each(['169.254.169.254', '10.0.0.1', '192.168.0.1', '::ffff:127.0.0.1', '0.0.0.0'])(
    'refuses a name resolving to %s without opening a socket',
    async (address) => {
      dispatcher = createSafeDispatcher({ lookup: async () => [{ address, family: address.includes(':') ? 6 : 4 }] });
      await expect(post('http://evil.example.test/')).rejects.toBeInstanceOf(ForbiddenAddressError);
      expect(connectTargets).toEqual([]);
    },
  );

  it('refuses when any one of several answers is private', async () => {
    dispatcher = createSafeDispatcher({
      lookup: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    await expect(post('http://mixed.example.test/')).rejects.toBeInstanceOf(ForbiddenAddressError);
    expect(connectTargets).toEqual([]);
  });

  it.each([
    'http://127.0.0.1:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://0x7f000001:PORT/',
    'http://127.1:PORT/',
    'http://[::1]:PORT/',
  ])('catches the literal-IP host %s, which needs no lookup', async (template) => {
    const lookup = vi.fn<LookupFn>();
    dispatcher = createSafeDispatcher({ lookup });
    await expect(post(template.replace('PORT', String(receiver.port)))).rejects.toBeInstanceOf(ForbiddenAddressError);
    expect(lookup).not.toHaveBeenCalled();
    expect(connectTargets).toEqual([]);
    expect(receiver.received).toHaveLength(0);
  });

  it('with allowPrivate, connects to the resolved address and keeps the name in Host', async () => {
    dispatcher = createSafeDispatcher({ allowPrivate: true, lookup: async () => [{ address: '127.0.0.1', family: 4 }] });
    const response = await post(`http://receiver.test:${receiver.port}/hook`);
    expect(response.statusCode).toBe(200);
    await response.body.text();
    expect(connectTargets).toEqual(['connect:127.0.0.1']);
    expect(receiver.received[0]?.headers.host).toBe(`receiver.test:${receiver.port}`);
  });

  it('falls back to the next checked address when one does not connect', async () => {
    // Nothing listens on [::1]:port (the receiver is IPv4 only), so the first answer fails.
    dispatcher = createSafeDispatcher({
      allowPrivate: true,
      lookup: async () => [
        { address: '::1', family: 6 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    const response = await post(`http://dual.test:${receiver.port}/`);
    expect(response.statusCode).toBe(200);
    await response.body.text();
    expect(connectTargets).toEqual(['connect:::1', 'connect:127.0.0.1']);
  });
});

describe('safe connector', () => {
  it('pins https to the checked IP while SNI carries the original name', async () => {
    const connector = createSafeConnector({ lookup: async () => [{ address: '93.184.216.34', family: 4 }] });
    const error = await new Promise<Error | null>((resolve) =>
      connector({ hostname: 'hooks.example.test', host: 'hooks.example.test', protocol: 'https:', port: '443' }, (...result) =>
        resolve(result[0]),
      ),
    );
    // The guard stopped the public connection; what matters is what was asked for.
    expect(error?.message).toContain('test guard');
    const call = vi.mocked(tls.connect).mock.calls[0]?.[0] as tls.ConnectionOptions;
    expect(call).toMatchObject({ host: '93.184.216.34', servername: 'hooks.example.test', port: '443' });
  });

  it('passes DNS failures through unchanged', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
    const connector = createSafeConnector({ lookup: async () => Promise.reject(notFound) });
    const error = await new Promise<Error | null>((resolve) =>
      connector({ hostname: 'nowhere.test', host: 'nowhere.test', protocol: 'http:', port: '80' }, (...result) => resolve(result[0])),
    );
    expect(error).toBe(notFound);
    expect(connectTargets).toEqual([]);
  });
});
