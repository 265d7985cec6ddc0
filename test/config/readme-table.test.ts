import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configTable, END_MARKER, README_FILE, START_MARKER, tableInReadme, withTable } from '../../scripts/config-table.js';
import { ConfigSchema } from '../../src/config/index.js';

describe("README.md's configuration table", () => {
  it('is the table generated from src/config/schema.ts', () => {
    const inReadme = tableInReadme(readFileSync(README_FILE, 'utf8'));
    expect(inReadme, `README.md has no ${START_MARKER} … ${END_MARKER} around its configuration table`).toBeDefined();
    expect(inReadme, "README.md's configuration table differs from src/config/schema.ts: run `npm run docs:config`").toBe(configTable());
  });

  it('has one row per variable, with its default or the phrase the schema gives', () => {
    const rows = configTable().split('\n').slice(2);
    expect(rows.map((row) => /^\| `(\w+)` \|/.exec(row)?.[1])).toEqual(Object.keys(ConfigSchema.properties));
    expect(rows).toContain('| `PORT` | `3000` | HTTP port |');
    expect(rows.find((row) => row.startsWith('| `DATABASE_URL` |'))).toMatch(/^\| `DATABASE_URL` \| unset \| /);
    expect(rows.find((row) => row.startsWith('| `ADMIN_TOKEN` |'))).toMatch(/^\| `ADMIN_TOKEN` \| generated per run \| /);
  });

  it('--write replaces only what is between the markers', () => {
    const readme = `# Title\n\n${START_MARKER}\n| old |\n${END_MARKER}\n\n## Next\n`;
    const written = withTable(readme, configTable());
    expect(tableInReadme(written)).toBe(configTable());
    expect(written.startsWith(`# Title\n\n${START_MARKER}\n| Variable |`)).toBe(true);
    expect(written.endsWith(`|\n${END_MARKER}\n\n## Next\n`)).toBe(true);
    expect(withTable(written, configTable())).toBe(written);
    expect(() => withTable('# no markers\n', configTable())).toThrow(START_MARKER);
  });
});
