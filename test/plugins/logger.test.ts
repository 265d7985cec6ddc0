import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLogger } from '../../src/plugins/logger.js';

function capture(level: pino.LevelWithSilent) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

describe('requestLogger (request.log)', () => {
  it('writes lines at or above the level with the request id, as pino.child would', async () => {
    const { logger, lines } = capture('info');
    const log = requestLogger(logger, { reqId: 'r-1' }, {});
    log.info({ status: 200 }, 'request');
    log.warn('slow');
    log.error(new Error('boom'), 'failed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => [line.level, line.reqId, line.msg])).toEqual([
      [30, 'r-1', 'request'],
      [40, 'r-1', 'slow'],
      [50, 'r-1', 'failed'],
    ]);
    expect(lines[0]).toMatchObject({ status: 200 });
    expect(lines[2]).toMatchObject({ err: { message: 'boom' } });
  });

  it('makes no child for lines below the level, and one child for all the lines it writes', () => {
    const { logger } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const log = requestLogger(logger, { reqId: 'r-2' }, {});
    log.info('dropped');
    log.debug('dropped');
    expect(child).not.toHaveBeenCalled();
    log.warn('one');
    log.error('two');
    expect(child).toHaveBeenCalledTimes(1);
    expect(log.level).toBe('warn');
  });

  it('gives a route with a level of its own its child at once', () => {
    const { logger, lines } = capture('warn');
    const log = requestLogger(logger, { reqId: 'r-3' }, { level: 'debug' });
    log.debug('kept');
    expect(lines.map((line) => [line.level, line.reqId, line.msg])).toEqual([[20, 'r-3', 'kept']]);
    expect(log.level).toBe('debug');
  });

  it('children of request.log carry both bindings', async () => {
    const { logger, lines } = capture('info');
    requestLogger(logger, { reqId: 'r-4' }, {}).child({ botId: 'b' }).info('nested');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).toMatchObject({ reqId: 'r-4', botId: 'b', msg: 'nested' });
  });
});
