import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, readConfig, type Config } from './config.js';

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
  await start(loadConfigOrExit());
}
