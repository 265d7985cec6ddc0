import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import { ConfigError, type Config } from '../config/index.js';

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
    throw new ConfigError(
      'LOG_FORMAT',
      'pretty needs pino-pretty, a development dependency (npm ci without --omit=dev); use json in production',
    );
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

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Logger = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * `request.log`, made when something is written through it: pino's `child` serializes the
 * request id into a new logger for every request, yet most requests log nothing at the
 * configured level. Lines below the parent's level are dropped
 * without making the child; a route with a log level of its own gets its child at once.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: LogMethod, args: unknown[]): void {
    if (this.made === undefined && this.parent.isLevelEnabled?.(level) === false) return;
    Reflect.apply(this.real[level], this.real, args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: see RequestLogger. */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings, options);
}
