import { describe, expect, it } from 'vitest';
import { endpointState, switchOffNotice } from '../../../src/modules/webhooks/endpoints/endpoint-state.js';
import type { StoredWebhook } from '../../../src/modules/webhooks/endpoints/repository.js';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const EARLIER = '2026-04-30T08:00:00.000Z';
const enabled = { enabled: true, disabledAt: null, consecutiveFailures: 3 };
const disabled = { enabled: false, disabledAt: EARLIER, consecutiveFailures: 20 };

describe('webhook endpoint state', () => {
  it('a new webhook starts enabled with no failures, receiving events from now', () => {
    expect(endpointState.configure(undefined, true, NOW)).toEqual({
      enabled: true,
      disabledAt: null,
      consecutiveFailures: 0,
      activeSince: NOW,
    });
  });

  it('a new webhook created switched off is off since now', () => {
    expect(endpointState.configure(undefined, false, NOW)).toEqual({
      enabled: false,
      disabledAt: NOW,
      consecutiveFailures: 0,
      activeSince: undefined,
    });
  });

  it('enabling an enabled webhook keeps its failure run and its start', () => {
    expect(endpointState.enable(enabled, NOW)).toEqual({ enabled: true, disabledAt: null, consecutiveFailures: 3, activeSince: undefined });
  });

  it('enabling a switched-off webhook resets the run and starts delivering from now', () => {
    expect(endpointState.enable(disabled, NOW)).toEqual({ enabled: true, disabledAt: null, consecutiveFailures: 0, activeSince: NOW });
  });

  it('switching off keeps the run; switching off again keeps the first moment', () => {
    expect(endpointState.disable(enabled, NOW)).toEqual({
      enabled: false,
      disabledAt: NOW,
      consecutiveFailures: 3,
      activeSince: undefined,
    });
    expect(endpointState.disable(disabled, NOW)).toEqual({
      enabled: false,
      disabledAt: new Date(EARLIER),
      consecutiveFailures: 20,
      activeSince: undefined,
    });
  });

  it('a change that leaves enabled alone leaves the whole state alone', () => {
    expect(endpointState.keep(disabled)).toEqual({
      enabled: false,
      disabledAt: new Date(EARLIER),
      consecutiveFailures: 20,
      activeSince: undefined,
    });
    expect(endpointState.keep(enabled)).toEqual({ enabled: true, disabledAt: null, consecutiveFailures: 3, activeSince: undefined });
  });

  it('a success writes nothing when no succeeded delivery has failures to forget', async () => {
    const statements: string[] = [];
    const db = { query: async (sql: string) => (statements.push(sql), { rows: [], rowCount: 0 }) };
    await endpointState.onSuccess(db as never, [
      { attempt: 1, botId: 'a', endpointId: 'ea', status: 'succeeded', consecutiveFailures: 0 },
      { attempt: 2, botId: 'b', endpointId: 'eb', status: 'pending', consecutiveFailures: 4 },
      { attempt: 7, botId: 'c', endpointId: 'ec', status: 'failed', consecutiveFailures: 4 },
    ]);
    expect(statements).toEqual([]);
    await endpointState.onSuccess(db as never, [{ attempt: 2, botId: 'b', endpointId: 'eb', status: 'succeeded', consecutiveFailures: 4 }]);
    expect(statements).toHaveLength(1);
  });
});

describe('the switch-off notice', () => {
  it("keeps a Discord webhook's token out of the stored notice, message and details alike", () => {
    const token = 'Abc-Def_ghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0123';
    const webhook = {
      id: 'e1',
      botId: '123456789012345678',
      url: `https://discord.com/api/webhooks/123456789012345678/${token}`,
      consecutiveFailures: 20,
      disabledAt: EARLIER,
    } as unknown as StoredWebhook;
    const notice = switchOffNotice(webhook);
    expect(JSON.stringify(notice)).not.toContain(token);
    expect(notice.details).toMatchObject({ url: 'https://discord.com/api/webhooks/123456789012345678/***', consecutiveFailures: 20 });
  });

  it('keeps any other URL as configured', () => {
    const webhook = {
      id: 'e2',
      botId: '1',
      url: 'https://bot.example.org/hook?x=1',
      consecutiveFailures: 20,
      disabledAt: EARLIER,
    } as unknown as StoredWebhook;
    expect(switchOffNotice(webhook).details).toMatchObject({ url: 'https://bot.example.org/hook?x=1' });
  });
});
