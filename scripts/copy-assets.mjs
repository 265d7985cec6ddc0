// tsc compiles TypeScript only; the SQL migrations and functions (and other runtime files) travel beside the JS.
import { cpSync } from 'node:fs';

cpSync('src/db/migrations', 'dist/src/db/migrations', { recursive: true });
cpSync('src/db/functions', 'dist/src/db/functions', { recursive: true });
cpSync('src/html/assets', 'dist/src/html/assets', { recursive: true });
