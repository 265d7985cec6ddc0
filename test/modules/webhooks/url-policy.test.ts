import { describe, expect, it, vi } from 'vitest';
import type { LookupFn } from '../../../src/modules/webhooks/endpoints/resolve-host.js';
import { validateWebhookUrl } from '../../../src/modules/webhooks/endpoints/url-policy.js';

/** A resolver stub: no DNS query, no packet leaves the machine. */
function stubLookup(table: Record<string, string[]>): LookupFn {
  return vi.fn(async (hostname: string) => {
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  });
}

const lookup = stubLookup({
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'rebind.example.com': ['127.0.0.1'],
  'mixed.example.com': ['93.184.216.34', '10.1.2.3', '93.184.216.35'],
  'mapped.example.com': ['::ffff:169.254.169.254'],
  'empty.example.com': [],
});

describe('validateWebhookUrl', () => {
  it('accepts an https URL whose every address is public', async () => {
    const result = await validateWebhookUrl('https://hooks.example.com/bots/1?x=y', { lookup });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.addresses.map((a) => a.address)).toEqual(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']);
  });

  it('accepts http and any port', async () => {
    expect((await validateWebhookUrl('http://hooks.example.com:8443/', { lookup })).ok).toBe(true);
  });

  it.each([
    ['not a url', 'invalid_url'],
    ['/relative/path', 'invalid_url'],
    [`https://hooks.example.com/${'a'.repeat(2100)}`, 'invalid_url'],
    ['ftp://hooks.example.com/', 'unsupported_scheme'],
    ['file:///etc/passwd', 'unsupported_scheme'],
    ['javascript:alert(1)', 'unsupported_scheme'],
    ['https://user:pass@hooks.example.com/', 'credentials_in_url'],
    ['https://user@hooks.example.com/', 'credentials_in_url'],
    ['https://nowhere.example.com/', 'unresolvable_host'],
    ['https://empty.example.com/', 'unresolvable_host'],
  ])('%s → %s', async (url, code) => {
    expect(await validateWebhookUrl(url, { lookup })).toMatchObject({ ok: false, code });
  });

  it.each([
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://127.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd00:ec2::254]/',
    'http://100.100.100.200/',
  ])('refuses the IP literal %s without asking DNS', async (url) => {
    const spy = stubLookup({});
    const result = await validateWebhookUrl(url, { lookup: spy });
    expect(result).toMatchObject({ ok: false, code: 'forbidden_address' });
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses a name resolving to 127.0.0.1, with a message naming both', async () => {
    const result = await validateWebhookUrl('https://rebind.example.com/', { lookup });
    expect(result).toMatchObject({ ok: false, code: 'forbidden_address' });
    if (!result.ok) expect(result.message).toContain('rebind.example.com resolves to 127.0.0.1');
  });

  it('refuses a name when one of several answers is private', async () => {
    const result = await validateWebhookUrl('https://mixed.example.com/', { lookup });
    expect(result).toMatchObject({ ok: false, code: 'forbidden_address' });
    if (!result.ok) expect(result.message).toContain('10.1.2.3');
  });

  it('refuses a name resolving to an IPv4-mapped metadata address', async () => {
    expect(await validateWebhookUrl('https://mapped.example.com/', { lookup })).toMatchObject({ ok: false, code: 'forbidden_address' });
  });

  it('allowPrivate lifts the address policy but not the other checks', async () => {
    expect((await validateWebhookUrl('http://127.0.0.1:3000/hook', { allowPrivate: true, lookup })).ok).toBe(true);
    expect((await validateWebhookUrl('https://rebind.example.com/', { allowPrivate: true, lookup })).ok).toBe(true);
    expect(await validateWebhookUrl('https://u:p@127.0.0.1/', { allowPrivate: true, lookup })).toMatchObject({
      code: 'credentials_in_url',
    });
  });

  it('fails closed when the resolver answers something that is not an IP', async () => {
    const broken: LookupFn = async () => [{ address: 'not-an-ip', family: 4 }];
    expect(await validateWebhookUrl('https://hooks.example.com/', { lookup: broken })).toMatchObject({
      ok: false,
      code: 'unresolvable_host',
    });
  });
});
