/** Operating settings (issue 12): defaults, bounds, and a one-line error naming the variable. */
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config/index.js';
import { createLogger } from '../src/plugins/logger.js';

const base = { NODE_ENV: 'test', ADMIN_TOKEN: 'test-admin-token-0123456789' };

describe('operating configuration', () => {
  it('has the documented defaults', () => {
    const config = readConfig(base);
    expect(config).toMatchObject({
      logRequests: true,
      logFormat: 'json',
      databaseTimeouts: { connectMs: 2000, statementMs: 30_000 },
      databaseReadPoolSize: 5,
      requestTimeoutMs: 30_000,
      metricsToken: undefined,
      maxEventLoopDelayMs: 1000,
    });
  });

  it('reads every variable', () => {
    const config = readConfig({
      ...base,
      LOG_REQUESTS: 'false',
      LOG_FORMAT: 'pretty',
      DB_TIMEOUT_MS: '500',
      DB_STATEMENT_TIMEOUT_MS: '60000',
      DATABASE_READ_POOL_SIZE: '12',
      REQUEST_TIMEOUT_MS: '5000',
      METRICS_TOKEN: 'scrape-token-0123456789',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    expect(config).toMatchObject({
      logRequests: false,
      logFormat: 'pretty',
      databaseTimeouts: { connectMs: 500, statementMs: 60_000 },
      databaseReadPoolSize: 12,
      requestTimeoutMs: 5000,
      metricsToken: 'scrape-token-0123456789',
      maxEventLoopDelayMs: 0,
    });
  });

  it.each([
    ['LOG_REQUESTS', 'sometimes'],
    ['LOG_FORMAT', 'xml'],
    ['DB_TIMEOUT_MS', '50'],
    ['DB_TIMEOUT_MS', '2s'],
    ['DB_STATEMENT_TIMEOUT_MS', '0'],
    ['DATABASE_READ_POOL_SIZE', '-1'],
    ['DATABASE_READ_POOL_SIZE', '101'],
    ['DATABASE_READ_POOL_SIZE', '2.5'],
    ['DATABASE_READ_POOL_SIZE', 'five'],
    ['REQUEST_TIMEOUT_MS', '999'],
    ['METRICS_TOKEN', 'short'],
    ['MAX_EVENT_LOOP_DELAY_MS', '-1'],
  ])('%s=%s is refused, naming the variable', (name, value) => {
    expect(() => readConfig({ ...base, [name]: value })).toThrow(ConfigError);
    expect(() => readConfig({ ...base, [name]: value })).toThrow(new RegExp(`^${name}: `));
  });

  it('DATABASE_READ_POOL_SIZE takes 0 (reads share the write pool) to 100', () => {
    expect(readConfig({ ...base, DATABASE_READ_POOL_SIZE: '0' }).databaseReadPoolSize).toBe(0);
    expect(readConfig({ ...base, DATABASE_READ_POOL_SIZE: '100' }).databaseReadPoolSize).toBe(100);
    expect(() => readConfig({ ...base, DATABASE_READ_POOL_SIZE: '101' })).toThrow(
      'DATABASE_READ_POOL_SIZE: must be between 0 and 100, got 101',
    );
  });

  it('LOG_FORMAT=pretty uses pino-pretty; json writes plain JSON lines with Authorization redacted', () => {
    expect(createLogger({ logLevel: 'info', logFormat: 'pretty' })).toMatchObject({ transport: { target: 'pino-pretty' } });
    const json = createLogger({ logLevel: 'info', logFormat: 'json' }) as { transport?: unknown; redact: string[] };
    expect(json.transport).toBeUndefined();
    expect(json.redact).toContain('req.headers.authorization');
  });
});
