import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, readConfig, type Config } from './config/index.js';

/** Starts the service: validated config, database, routes, workers, graceful shutdown. */
export async function start(config: Config): Promise<Awaited<ReturnType<typeof buildApp>>> {
  const app = await buildApp({ config, workers: true });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    // close() stops accepting, lets in-flight requests finish, then runs onClose (workers, database).
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  if (config.adminTokenGenerated) {
    app.log.warn(`ADMIN_TOKEN was not set; this run's operator token is ${config.adminToken}`);
  }
  return app;
}

/**
 * How far V8 lets the heap grow past what its last full collection kept, in percent. V8 picks
 * 100–300% by itself, which at directory size lets a process grow to more than twice its live
 * heap between collections; 30% keeps it near its live heap at the price of more frequent full
 * collections (docs/performance.md).
 */
const HEAP_GROWING_PERCENT = 30;

/** The V8 flag the server sets for itself, unless the operator gave node one of their own. */
export function heapGrowthFlag(execArgv: readonly string[]): string | undefined {
  if (execArgv.some((arg) => arg.startsWith('--heap-growing-percent') || arg.startsWith('--heap_growing_percent'))) return undefined;
  return `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

export function loadConfigOrExit(): Config {
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Invalid configuration: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  // V8 reads this flag at every collection, so setting it at start-up holds for the whole run.
  const flag = heapGrowthFlag(process.execArgv);
  if (flag) setFlagsFromString(flag);
  await start(loadConfigOrExit());
}
