/**
 * README.md's configuration table, printed from the schema (src/config/schema.ts):
 *
 *   npx tsx scripts/config-table.ts          prints the table
 *   npm run docs:config                      writes it between the markers in README.md
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigSchema, declaration, type VariableName } from '../src/config/index.js';

export const README_FILE = fileURLToPath(new URL('../README.md', import.meta.url));
export const START_MARKER = '<!-- config:start -->';
export const END_MARKER = '<!-- config:end -->';

/** One row per variable, in the schema's order: Variable | Default | Meaning. */
export function configTable(): string {
  const rows = (Object.keys(ConfigSchema.properties) as VariableName[]).map((name) => {
    const { description, default: value, 'x-default-text': defaultText } = declaration(name);
    if (!description) throw new Error(`${name} has no description in src/config/schema.ts`);
    const shown = defaultText ?? (value === undefined ? 'unset' : `\`${JSON.stringify(value).replace(/^"|"$/g, '')}\``);
    return `| \`${name}\` | ${cell(shown)} | ${cell(description)} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The text between the markers (without the newlines next to them), or undefined when a marker is missing. */
export function tableInReadme(readme: string): string | undefined {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start === -1 || end < start) return undefined;
  return readme.slice(start + START_MARKER.length, end).trim();
}

/** README.md with the generated table between the markers. */
export function withTable(readme: string, table: string): string {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start === -1 || end < start)
    throw new Error(`README.md needs the lines ${START_MARKER} and ${END_MARKER} around the configuration table`);
  return `${readme.slice(0, start + START_MARKER.length)}\n${table}\n${readme.slice(end)}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const table = configTable();
  if (process.argv.includes('--write')) {
    const readme = readFileSync(README_FILE, 'utf8');
    const updated = withTable(readme, table);
    if (updated !== readme) writeFileSync(README_FILE, updated);
    console.log(updated === readme ? 'README.md: configuration table already up to date' : 'README.md: configuration table written');
  } else {
    console.log(table);
  }
}
