/**
 * Checks a webhook URL when an owner configures it, so the admin API can
 * answer 422 with a reason instead of failing later in the worker.
 *
 * Passing this check is not enough to be safe: DNS may answer differently
 * at delivery time, so the safe dispatcher checks again at connect time.
 */
import type { ErrorReason } from '../../../lib/error-reasons.js';
import type { AddressVerdict } from './address-policy.js';
import { resolveHost, type HostPolicyOptions } from './resolve-host.js';

/** Long enough for any real endpoint, short enough to store and display. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type WebhookUrlRejection =
  'invalid_url' | 'unsupported_scheme' | 'credentials_in_url' | 'invalid_host' | 'unresolvable_host' | 'forbidden_address';

/** A refusal: `code` and `message` for the API, `reason` for a page to say in its own language. */
export type WebhookUrlCheck =
  { ok: true; url: URL; addresses: AddressVerdict[] } | { ok: false; code: WebhookUrlRejection; message: string; reason: ErrorReason };

export async function validateWebhookUrl(input: string, options: HostPolicyOptions = {}): Promise<WebhookUrlCheck> {
  if (input.length > MAX_WEBHOOK_URL_LENGTH) {
    return reject('invalid_url', `URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`, {
      kind: 'webhook_url_too_long',
      max: MAX_WEBHOOK_URL_LENGTH,
    });
  }
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return reject('invalid_url', 'not an absolute URL', { kind: 'webhook_url_not_absolute' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const scheme = url.protocol.slice(0, -1);
    return reject('unsupported_scheme', `scheme ${scheme} is not allowed; use https or http`, { kind: 'webhook_url_scheme', scheme });
  }
  // Userinfo would be sent as Basic auth by some clients and not by others,
  // and it ends up in logs and the management UI; the signature is the
  // authentication, so credentials in the URL are refused outright.
  if (url.username !== '' || url.password !== '') {
    return reject('credentials_in_url', 'URL must not contain a user name or password', { kind: 'webhook_url_credentials' });
  }

  const resolution = await resolveHost(url.hostname, options);
  if (resolution.ok) return { ok: true, url, addresses: resolution.addresses };
  switch (resolution.code) {
    case 'invalid_host':
      return reject(resolution.code, resolution.message, { kind: 'webhook_url_invalid_host', host: url.hostname });
    case 'unresolvable_host':
      return reject(resolution.code, resolution.message, { kind: 'webhook_url_unresolvable', host: url.hostname });
    case 'forbidden_address': {
      const { hostname, verdict } = resolution.error;
      return reject(resolution.code, resolution.message, {
        kind: 'webhook_url_forbidden_address',
        host: hostname,
        address: verdict.address,
        category: verdict.category,
        ...(verdict.embedded ? { embedded: { ...verdict.embedded } } : {}),
      });
    }
  }
}

function reject(code: WebhookUrlRejection, message: string, reason: ErrorReason): WebhookUrlCheck {
  return { ok: false, code, message, reason };
}
