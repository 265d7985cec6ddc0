/** Reading the audit log back in the audit tests: through the management API, as a client would. */
import { expect } from 'vitest';
import type { AuditLogEntry } from '../../../src/modules/audit/schemas.js';
import type { LookupFn } from '../../../src/modules/webhooks/endpoints/resolve-host.js';
import type { TestApp } from '../../helpers.js';

/** Every webhook host resolves to a public address: the address policy lets the test's URLs through. */
export const publicDns: LookupFn = async () => [{ address: '93.184.216.34', family: 4 }];

/** A bot's whole log, oldest first (the API answers newest first). */
export async function botLog(t: Pick<TestApp, 'admin'>, botId: string): Promise<AuditLogEntry[]> {
  const response = await t.admin('GET', `/admin/v1/bots/${botId}/audit?limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  const { data, next } = response.json<{ data: AuditLogEntry[]; next: string | null }>();
  expect(next).toBeNull();
  return data.reverse();
}

/** The actions of entries, in their order. */
export function actionsOf(entries: AuditLogEntry[]): string[] {
  return entries.map((entry) => (entry.action === 'listing.transition' ? `${entry.action}:${entry.target}` : entry.action));
}
