/**
 * Resolves a webhook host to the addresses we may connect to.
 *
 * Shared by the configuration check (url-policy) and the connect step
 * (safe-dispatcher) so both apply exactly the same rules: an IP literal is
 * judged as written, a name is resolved and *every* answer must pass, since
 * the socket layer may pick any of them.
 */
import { promises as dns } from 'node:dns';
import { canonicalHost, classifyAddress, type AddressVerdict } from './address-policy.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses; `dns.promises.lookup` with `{all: true}` by default. */
export type LookupFn = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: LookupFn = (hostname) => dns.lookup(hostname, { all: true });

export interface HostPolicyOptions {
  /** `WEBHOOK_ALLOW_PRIVATE=1`: skip the address policy (development and tests only). */
  allowPrivate?: boolean;
  lookup?: LookupFn;
}

export const FORBIDDEN_ADDRESS_CODE = 'ERR_WEBHOOK_FORBIDDEN_ADDRESS';

/** Thrown (or passed to undici) when a host leads to an address the policy refuses. */
export class ForbiddenAddressError extends Error {
  readonly code = FORBIDDEN_ADDRESS_CODE;

  constructor(
    readonly hostname: string,
    readonly verdict: AddressVerdict,
  ) {
    super(describeRefusal(hostname, verdict));
    this.name = 'ForbiddenAddressError';
  }
}

export function describeRefusal(hostname: string, verdict: AddressVerdict): string {
  const via = verdict.embedded ? ` (${verdict.embedded.kind} form of ${verdict.embedded.ipv4})` : '';
  const target = hostname === verdict.address ? verdict.address : `${hostname} resolves to ${verdict.address}`;
  return `${target}${via}, a ${verdict.category} address; webhooks may only go to public addresses`;
}

export type HostResolution =
  | { ok: true; addresses: AddressVerdict[] }
  | { ok: false; code: 'invalid_host'; message: string }
  | { ok: false; code: 'unresolvable_host'; message: string; cause: unknown }
  | { ok: false; code: 'forbidden_address'; message: string; error: ForbiddenAddressError };

export async function resolveHost(host: string, options: HostPolicyOptions = {}): Promise<HostResolution> {
  const parsed = canonicalHost(host);
  if (parsed === null) return { ok: false, code: 'invalid_host', message: `invalid host: ${host}` };

  let answers: string[];
  if (parsed.kind === 'ip') {
    answers = [parsed.address];
  } else {
    try {
      answers = (await (options.lookup ?? systemLookup)(parsed.name)).map((a) => a.address);
    } catch (cause) {
      return { ok: false, code: 'unresolvable_host', message: `cannot resolve ${parsed.name}: ${errorText(cause)}`, cause };
    }
    if (answers.length === 0) {
      return { ok: false, code: 'unresolvable_host', message: `${parsed.name} has no address`, cause: undefined };
    }
  }

  let verdicts: AddressVerdict[];
  try {
    verdicts = answers.map(classifyAddress);
  } catch (cause) {
    // A resolver that answers something other than an IP address is broken; fail closed.
    return { ok: false, code: 'unresolvable_host', message: `cannot resolve ${host}: ${errorText(cause)}`, cause };
  }
  const refused = verdicts.find((v) => !v.allowed);
  if (refused && !options.allowPrivate) {
    const error = new ForbiddenAddressError(parsed.kind === 'ip' ? parsed.address : parsed.name, refused);
    return { ok: false, code: 'forbidden_address', message: error.message, error };
  }
  return { ok: true, addresses: verdicts };
}

function errorText(error: unknown): string {
  if (error instanceof Error) return 'code' in error && typeof error.code === 'string' ? error.code : error.message;
  return String(error);
}
