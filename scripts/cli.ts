import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfigOrExit } from '../src/server.js';
import { seed } from './seed.js';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                      apply pending database migrations
  seed --file <path> [--no-extras]
                               load bots (management PUT shape plus id) from a JSON file;
                               --no-extras skips the generated reviews and history
  collect-history [--date YYYY-MM-DD]
                               run the daily history collection

The database is DATABASE_URL when set, else the embedded one under DATA_DIR.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      file: { type: 'string' },
      date: { type: 'string' },
      'no-extras': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command || values.help ? 0 : 2;
  }
  const config = loadConfigOrExit();
  const app = await buildApp({ config, logger: false });
  try {
    switch (command) {
      case 'migrate':
        process.stdout.write('Database is migrated.\n');
        return 0;
      case 'seed': {
        if (!values.file) throw new UsageError('seed needs --file <path>');
        const result = await seed(app, values.file, { extras: !values['no-extras'] });
        process.stdout.write(
          `Loaded ${result.bots} bots, ${result.reviews} reviews, ${result.votes} votes, ${result.historyDays} history days.\n`,
        );
        return 0;
      }
      case 'collect-history': {
        const written = await app.services.history.collect(values.date);
        process.stdout.write(`Wrote ${written} history rows.\n`);
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } finally {
    await app.close();
  }
}

class UsageError extends Error {}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    if (error instanceof UsageError) process.stderr.write(`\n${USAGE}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
