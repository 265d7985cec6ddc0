import { describe, expect, it } from 'vitest';
import { endpointState } from '../../../src/modules/webhooks/endpoint-state.js';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const EARLIER = '2026-04-30T08:00:00.000Z';
const enabled = { enabled: true, disabledAt: null, consecutiveFailures: 3 };
const disabled = { enabled: false, disabledAt: EARLIER, consecutiveFailures: 20 };

describe('webhook endpoint state', () => {
  it('a new webhook starts enabled with no failures, receiving events from now', () => {
    expect(endpointState.configure(undefined, true, NOW)).toEqual({ enabled: true, disabledAt: null, consecutiveFailures: 0, activeSince: NOW });
  });

  it('a new webhook created switched off is off since now', () => {
    expect(endpointState.configure(undefined, false, NOW)).toEqual({ enabled: false, disabledAt: NOW, consecutiveFailures: 0, activeSince: undefined });
  });

  it('enabling an enabled webhook keeps its failure run and its start', () => {
    expect(endpointState.enable(enabled, NOW)).toEqual({ enabled: true, disabledAt: null, consecutiveFailures: 3, activeSince: undefined });
  });

  it('enabling a switched-off webhook resets the run and starts delivering from now', () => {
    expect(endpointState.enable(disabled, NOW)).toEqual({ enabled: true, disabledAt: null, consecutiveFailures: 0, activeSince: NOW });
  });

  it('switching off keeps the run; switching off again keeps the first moment', () => {
    expect(endpointState.disable(enabled, NOW)).toEqual({ enabled: false, disabledAt: NOW, consecutiveFailures: 3, activeSince: undefined });
    expect(endpointState.disable(disabled, NOW)).toEqual({ enabled: false, disabledAt: new Date(EARLIER), consecutiveFailures: 20, activeSince: undefined });
  });

  it('a success writes nothing when no succeeded delivery has failures to forget', async () => {
    const statements: string[] = [];
    const db = { query: async (sql: string) => (statements.push(sql), { rows: [], rowCount: 0 }) };
    await endpointState.onSuccess(db as never, [
      { attempt: 1, botId: 'a', status: 'succeeded', consecutiveFailures: 0 },
      { attempt: 2, botId: 'b', status: 'pending', consecutiveFailures: 4 },
      { attempt: 7, botId: 'c', status: 'failed', consecutiveFailures: 4 },
    ]);
    expect(statements).toEqual([]);
    await endpointState.onSuccess(db as never, [{ attempt: 2, botId: 'b', status: 'succeeded', consecutiveFailures: 4 }]);
    expect(statements).toHaveLength(1);
  });
});
