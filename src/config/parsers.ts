/**
 * Rules the schema cannot state alone. Each takes a variable's name and its text (already through
 * the schema) and returns the parsed value or throws a ConfigError naming the variable.
 */
import { isIP } from 'node:net';
import { Cron } from 'croner';
import { ConfigError } from './errors.js';
import { parseBoolean } from './variables.js';

/** An absolute URL whose protocol (`https:`, with the colon) is one of `protocols`; returned as given. */
export function url(name: string, value: string, protocols: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return value;
}

/** A cron expression croner accepts and that fires at least once; returned trimmed. */
export function cron(name: string, text: string): string {
  const value = text.trim();
  // croner's own parser: the worker schedules exactly what passes here.
  let job: Cron;
  try {
    job = new Cron(value, { paused: true, timezone: 'UTC' });
  } catch (error) {
    throw new ConfigError(name, `is not a valid cron expression ("${value}"): ${(error as Error).message}`);
  }
  const next = job.nextRun();
  job.stop();
  if (next === null) throw new ConfigError(name, `never fires ("${value}")`);
  return value;
}

/** A calendar day (YYYY-MM-DD), as midnight UTC. */
export function utcDate(name: string, value: string): Date {
  const date = new Date(`${value}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new ConfigError(name, `must be a date YYYY-MM-DD, got "${value}"`);
  }
  return date;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** A boolean, or a comma-separated list of proxy addresses, CIDR ranges and proxy-addr's names. */
export function trustProxy(name: string, value: string): boolean | string[] {
  const flag = parseBoolean(value);
  if (flag !== undefined) return flag;
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (PROXY_NAMES.includes(entry)) continue;
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || extra !== undefined) {
      throw new ConfigError(
        name,
        `must be 1/0, true/false, yes/no, or a comma-separated list of proxy addresses or CIDR ranges (or ${PROXY_NAMES.join(', ')}), got "${value}"`,
      );
    }
  }
  return entries;
}

/** `user@host` or `Name <user@host>`. */
export function emailAddress(name: string, value: string): string {
  if (!/^[^\s@<>]+@[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(value)) {
    throw new ConfigError(name, `must be an e-mail address, got "${value}"`);
  }
  return value;
}
