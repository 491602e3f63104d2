// Lists in the docs that mirror the code are held to it: the field limits (docs/features/security.md) to the
// limits the schemas name, the columns whose change raises a calendar entry's SEQUENCE (docs/features/calendars.md)
// to event_view_columns in a migrated database, and the API's feature folders (docs/architecture.md) to the
// folders under api/src/modules and the linter's order of them. A failure names the doc line to fix.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../../shared/schemas';
import { startTestApp, type TestApp } from '../support/test-app';

interface DocLine {
  file: string;
  /** 1-based, as an editor shows it. */
  number: number;
  text: string;
}

const linesOf = (file: string): DocLine[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((text, index) => ({ file, number: index + 1, text }));

/** The first line of `file` that contains `marker`; fails naming the marker when the doc no longer has it. */
function lineWith(file: string, marker: string): DocLine {
  const found = linesOf(file).find((line) => line.text.includes(marker));
  expect(found, `${file} should have a line containing "${marker}"`).toBeDefined();
  return found!;
}

/** A bullet's whole text: its first line and the indented lines that continue it. */
function bulletFrom(start: DocLine): string {
  const lines = linesOf(start.file);
  const parts = [start.text];
  for (const line of lines.slice(start.number)) {
    if (!line.text.startsWith('  ') || line.text.trim().startsWith('|')) break;
    parts.push(line.text.trim());
  }
  return parts.join(' ');
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

describe('the docs say what the code does', () => {
  it('When the field limits are listed (docs/features/security.md), then each row is a limit the schemas name', () => {
    const file = 'docs/features/security.md';
    const rows = new Map<string, { limit: string; line: DocLine }>();
    const start = lineWith(file, 'Field limits, in characters').number;
    for (const line of linesOf(file).slice(start)) {
      if (line.text.startsWith('- ')) break;
      const row = /^\s*\| `([\w.[\]]+)`\s*\|[^|]*\|\s*([\d, ]+?)\s*\|$/.exec(line.text);
      if (row) rows.set(row[1]!, { limit: row[2]!, line });
    }
    const problems: string[] = [];
    for (const [field, limits] of FIELD_LIMITS) {
      const said = [...limits].sort((a, b) => a - b).join(', ');
      const row = rows.get(field);
      if (!row) problems.push(`${file}: add a row for \`${field}\` (at most ${said}) to the table after line ${start}`);
      else if (row.limit !== said)
        problems.push(`${file}:${row.line.number}: \`${field}\` says ${row.limit}, the schema ${said}`);
    }
    for (const [field, row] of rows) {
      if (!FIELD_LIMITS.has(field))
        problems.push(`${file}:${row.line.number}: no schema limits \`${field}\`; remove the row`);
    }
    expect(problems).toEqual([]);
    expect(rows.size).toBeGreaterThan(10);
  });

  describe('with a migrated database', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp('pglite');
    });
    afterAll(() => app?.stop());

    it("When the columns that raise an entry's SEQUENCE are listed (docs/features/calendars.md), then they are those the calendar watches", async () => {
      const file = 'docs/features/calendars.md';
      const line = lineWith(file, 'The columns whose change raises `SEQUENCE`');
      const bullet = bulletFrom(line);
      const listed = backticked(bullet.slice(bullet.lastIndexOf(':') + 1)).sort();
      const rows = await app.deps.prisma.$queryRaw<Array<{ column_name: string }>>`
        SELECT column_name FROM event_view_columns WHERE calendar IN ('watched', 'watched once set')`;
      const watched = rows.map((row) => row.column_name).sort();
      expect(
        listed,
        `${file}:${line.number}: list the columns event_view_columns marks watched by the calendar`,
      ).toEqual(watched);
    });
  });

  it('When the API feature folders are listed (docs/architecture.md), then they are the folders under api/src/modules, in the linter’s order', () => {
    const file = 'docs/architecture.md';
    const folders = readdirSync('api/src/modules', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const eslint = readFileSync('eslint.config.js', 'utf8');
    const layers = [...(/const API_MODULE_LAYERS = \[([^\]]*)\]/.exec(eslint)?.[1] ?? '').matchAll(/'([\w-]+)'/g)].map(
      (match) => match[1]!,
    );
    expect([...layers].sort(), 'eslint.config.js API_MODULE_LAYERS names every folder under api/src/modules').toEqual(
      folders,
    );

    const folderName = /^[a-z][a-z-]*$/;
    const table = lineWith(file, '| `api/src/modules/<feature>/`');
    const inTable = backticked(table.text).filter((name) => folderName.test(name));
    expect(inTable, `${file}:${table.number}: name each folder of api/src/modules in the Folders table`).toEqual(
      layers,
    );

    const rules = lineWith(file, '`API_MODULE_LAYERS` in `eslint.config.js`');
    const inRules = backticked(bulletFrom(rules)).filter((name) => folderName.test(name));
    expect(inRules, `${file}:${rules.number}: list API_MODULE_LAYERS as eslint.config.js has it`).toEqual(layers);
  });
});
