import { ConfigError, readConfig } from '../../src/config/index.js';

/** The message `readConfig` refuses `env` with; fails the test when it accepts it. */
export function configProblem(env: Record<string, string>): string {
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`readConfig accepted ${JSON.stringify(env)}`);
}
