import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import { ConfigError, type Config } from '../config.js';

/**
 * The service's logger options: JSON lines (for collectors) or, with LOG_FORMAT=pretty, readable
 * lines through pino-pretty in a worker thread. pino-pretty is a development dependency: a
 * production install (`npm ci --omit=dev`) has no use for it and does not have it.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): FastifyServerOptions['logger'] {
  const options = {
    level: config.logLevel,
    // Request lines carry no headers; this guards any object that does (an error with its request).
    redact: ['req.headers.authorization', 'headers.authorization'],
  };
  if (config.logFormat !== 'pretty') return options;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    throw new ConfigError('LOG_FORMAT', 'pretty needs pino-pretty, a development dependency (npm ci without --omit=dev); use json in production');
  }
  return {
    ...options,
    transport: {
      target: 'pino-pretty',
      options: {
        translateTime: 'SYS:HH:MM:ss',
        singleLine: true,
        // Request lines read like an access log: "request GET /api/v1/bots 200 3.1ms".
        messageFormat: '{msg}{if method} {method} {url} {status} {ms}ms{end}',
        ignore: 'pid,hostname,reqId,method,url,status,ms,route',
      },
    },
  };
}
