/**
 * The undici dispatcher every webhook call goes through.
 *
 * Checking the URL when it is configured does not stop DNS rebinding: the
 * name can resolve to a public address then and to 127.0.0.1 a minute later.
 * So the connect step resolves the name itself, judges every answer with the
 * address policy, and opens the socket to the very address it judged, never
 * handing the name back to the OS resolver. TLS still uses the original name
 * for SNI and certificate checks, and the Host header is untouched because
 * undici builds it from the request origin, not from the socket.
 *
 * Plain `Agent` semantics: no redirect interceptor, no environment proxy, so
 * a 3xx is returned to the caller as is and never followed.
 */
import { Agent, buildConnector } from 'undici';
import { DEFAULT_WEBHOOK_TIMEOUT_MS } from '../../../config/index.js';
import { canonicalHost } from '../endpoints/address-policy.js';
import { resolveHost, type HostPolicyOptions } from '../endpoints/resolve-host.js';

export interface SafeDispatcherOptions extends HostPolicyOptions {
  /** Upper bound for connecting, for the response headers and for each body read gap (config's WEBHOOK_TIMEOUT_MS; its default when absent). */
  timeoutMs?: number;
}

export function createSafeDispatcher(options: SafeDispatcherOptions = {}): Agent {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  return new Agent({
    connect: createSafeConnector({ ...options, timeoutMs }),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    // undici 8 negotiates HTTP/2 by default; deliveries stay on HTTP/1.1 (one request per
    // connection at a time, as the endpoint's concurrency and the timeouts assume).
    allowH2: false,
  });
}

/** The connect step on its own, exported so it can be tested without a request. */
export function createSafeConnector(options: SafeDispatcherOptions = {}): buildConnector.connector {
  // allowH2: false, so TLS offers only http/1.1 in ALPN (undici 8's connector offers h2 too).
  const connect = buildConnector({ timeout: options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS, allowH2: false });

  return (params, callback) => {
    resolveHost(params.hostname, options).then(
      (resolution) => {
        if (!resolution.ok) {
          const error =
            resolution.code === 'forbidden_address'
              ? resolution.error
              : resolution.code === 'unresolvable_host' && resolution.cause instanceof Error
                ? resolution.cause
                : new Error(resolution.message);
          callback(error, null);
          return;
        }
        const host = canonicalHost(params.hostname);
        // SNI must carry the name, never an IP; for an IP literal there is none.
        const servername = params.protocol === 'https:' && host?.kind === 'name' ? (params.servername ?? host.name) : params.servername;
        const pinned = { ...params, servername };
        connectInTurn(
          connect,
          pinned,
          resolution.addresses.map((a) => a.address),
          callback,
        );
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
}

/**
 * Tries the checked addresses one after another, as the OS would for a name,
 * so a host with an unreachable IPv6 address still gets its IPv4 one.
 */
function connectInTurn(
  connect: buildConnector.connector,
  params: buildConnector.Options,
  addresses: string[],
  callback: buildConnector.Callback,
): void {
  const [address, ...rest] = addresses;
  if (address === undefined) {
    callback(new Error(`no address to connect to for ${params.hostname}`), null);
    return;
  }
  const onConnect: buildConnector.Callback = (...result) => {
    if (result[0] !== null && rest.length > 0) connectInTurn(connect, params, rest, callback);
    else callback(...result);
  };
  try {
    connect({ ...params, hostname: address }, onConnect);
  } catch (error) {
    onConnect(error instanceof Error ? error : new Error(String(error)), null);
  }
}
