// tsc compiles TypeScript only; the SQL migrations (and other runtime files) travel beside the JS.
import { cpSync } from 'node:fs';

cpSync('src/db/migrations', 'dist/src/db/migrations', { recursive: true });
cpSync('src/html/assets', 'dist/src/html/assets', { recursive: true });
