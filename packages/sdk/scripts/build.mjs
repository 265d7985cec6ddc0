// Builds dist/esm (ES modules + declarations, type-checked) and dist/cjs (CommonJS for require()),
// with tsc alone. The CommonJS tree gets the same declarations: under its {"type":"commonjs"}
// package.json TypeScript reads them as CommonJS, which is what they describe there.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const dist = join(root, 'dist');

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.cjs.json')], { stdio: 'inherit' });
mkdirSync(join(dist, 'cjs'), { recursive: true });
writeFileSync(join(dist, 'cjs', 'package.json'), '{"type":"commonjs"}\n');
cpSync(join(dist, 'esm'), join(dist, 'cjs'), { recursive: true, filter: (path) => !/\.(js|js\.map)$/.test(path) });
console.log(`built ${readdirSync(join(dist, 'esm')).length} entries in dist/esm and dist/cjs`);
