import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../../src/html/i18n/index.js';
import { keysView } from '../../../src/modules/dashboard/keys-view.js';
import { teamView } from '../../../src/modules/dashboard/team-view.js';
import { botListView, overviewView } from '../../../src/modules/dashboard/views.js';
import { deliveriesView } from '../../../src/modules/dashboard/deliveries-view.js';

const BOT = {
  id: '100000000000000001',
  name: 'Alpha',
  published: true,
  slugs: { en: 'alpha', de: 'alpha' },
  owners: ['u'],
  serverCount: 1,
  votesMonth: 1,
  votesTotal: 1,
  rating: { average: 0, count: 0 },
} as never;
const AT = '2026-11-27T06:00:00.000Z';

/** The header cells of every table in `markup`, checked against the cells of its first row. */
function headersOf(markup: string): string[][] {
  return (markup.match(/<table>[\s\S]*?<\/table>/g) ?? []).map((table) => {
    const headers = [...table.matchAll(/<th(\s[^>]*)?>([\s\S]*?)<\/th>/g)];
    const firstRow = /<tbody>\s*<tr>([\s\S]*?)<\/tr>/.exec(table)?.[1] ?? '';
    expect(headers.length, table).toBe((firstRow.match(/<td[\s>]/g) ?? []).length);
    for (const [, attributes] of headers) expect(attributes).toBe(' scope="col"');
    return headers.map(([, , text]) => text!.replace(/<[^>]+>/g, '').trim());
  });
}

describe('dashboard tables', () => {
  for (const lang of ['en', 'de'] as const) {
    const t = TEXTS[lang];
    it(`give every column a header, the action columns one for screen readers (${lang})`, () => {
      const tables = [
        ...headersOf(overviewView(t, BOT, [{ user: '1', username: 'v', votedAt: AT, flagged: true }] as never).value),
        ...headersOf(
          keysView(t, '1', {
            keys: [
              { id: 'k', name: 'n', prefix: 'bdk_x', scopes: ['votes:read'], tier: 1, createdAt: AT, lastUsedAt: null, revokedAt: null },
            ],
            requests: [{ createdAt: AT, tier: 2, reason: 'r', status: 'pending', note: null }],
            errors: {},
            csrf: 'c',
          } as never).value,
        ),
        ...headersOf(
          deliveriesView(t, {
            bot: { id: '1', name: 'Alpha' },
            endpoints: [{ id: 'e', url: 'https://example.org/' }],
            filters: {},
            deliveries: [
              {
                id: 'd',
                endpointId: 'e',
                createdAt: AT,
                event: { type: 'vote' },
                status: 'failed',
                attemptCount: 1,
                nextAttemptAt: null,
                attempts: [{ attempt: 1, attemptedAt: AT, statusCode: 500, error: null, latencyMs: 3, response: null }],
              },
            ],
            after: undefined,
            next: null,
            csrf: 'c',
          } as never).value,
        ),
        ...headersOf(botListView(t, 'u', [{ bot: BOT, role: 'viewer' }]).value),
        ...headersOf(
          teamView(t, {
            bot: BOT,
            userId: 'u',
            role: 'owner',
            members: [
              { userId: 'u', role: 'owner', name: null, addedAt: AT, addedBy: null },
              { userId: 'v', role: 'viewer', name: 'Vi', addedAt: AT, addedBy: 'u' },
            ],
            invitations: [{ id: 'i', botId: '1', role: 'editor', createdBy: 'u', createdAt: AT, expiresAt: AT }],
            errors: {},
            csrf: 'c',
          }).value,
        ),
      ];
      expect(tables).toHaveLength(7);
      for (const headers of tables) for (const header of headers) expect(header, JSON.stringify(tables)).not.toBe('');
      // Votes: the flag column; keys and deliveries: their action column.
      expect(tables[0]!.at(-1)).toBe(t.dash.note);
      expect(tables[1]!.at(-1)).toBe(t.dash.actions);
      expect(tables[3]!.at(-1)).toBe(t.dash.actions);
      // The team's members and invitations: their action column.
      expect(tables[5]!.at(-1)).toBe(t.team.actions);
      expect(tables[6]!.at(-1)).toBe(t.team.actions);
      expect(t.dash.actions).toBe(lang === 'en' ? 'Actions' : 'Aktionen');
    });
  }
});
