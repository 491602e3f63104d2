// The structure rules hold only if the linter really runs them: each is proved here by planting a file that
// breaks it, linting it with the project's own configuration, and reading the rule that fires.
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Every planted file, by path from the repository's root. */
const PROBES: Record<string, string> = {
  'api/src/lib/zz-lint-probe-cycle-a.ts': `import { b } from './zz-lint-probe-cycle-b';\nexport const a = (): number => b() + 1;\n`,
  'api/src/lib/zz-lint-probe-cycle-b.ts': `import { a } from './zz-lint-probe-cycle-a';\nexport const b = (): number => a() - 1;\n`,
  'api/src/lib/zz-lint-probe-types-a.ts': `import type { B } from './zz-lint-probe-types-b';\nexport interface A {\n  b?: B;\n}\n`,
  'api/src/lib/zz-lint-probe-types-b.ts': `import type { A } from './zz-lint-probe-types-a';\nexport interface B {\n  a?: A;\n}\n`,
  'api/src/modules/users/zz-lint-probe-layer.ts': `import type { EventAccess } from '../events/event-access';\nexport type Probe = EventAccess;\n`,
  'api/src/http/zz-lint-probe-module.ts': `import type { Viewer } from '../modules/users/viewer';\nexport type Probe = Viewer;\n`,
  'api/src/db/zz-lint-probe-http.ts': `import { STATUS_OF } from '../http/errors';\nexport const probe = STATUS_OF;\n`,
  'bot/src/zz-lint-probe-api.ts': `import type { AppConfig } from '../../api/src/config';\nexport type Probe = AppConfig;\n`,
  'webapp/src/zz-lint-probe-server.ts': `import type { AppConfig } from '../../api/src/config';\nexport type Probe = AppConfig;\n`,
  'webapp/src/features/auth/zz-lint-probe-feature.ts': `import { eventKeys } from '../events/api/keys';\nexport const probe = eventKeys;\n`,
  'api/src/lib/zz-lint-probe-floating.ts': `async function work(): Promise<void> {}\nexport function probe(): void {\n  work();\n}\n`,
  'api/src/modules/users/zz-lint-probe-model-service.ts': `import type { Prisma } from '../../db/database';\nexport const probe = (prisma: Prisma) => prisma.user.findMany();\n`,
  'api/src/modules/users/zz-lint-probe-tx-service.ts': `import type { Prisma } from '../../db/database';\nexport const probe = (prisma: Prisma) =>\n  prisma.$transaction(async (tx) => tx.session.deleteMany({ where: { userId: 1 } }));\n`,
  'api/src/modules/users/zz-lint-probe-raw-service.ts': `import type { Prisma } from '../../db/database';\nexport const probe = (prisma: Prisma) => prisma.$executeRaw\`SELECT 1\`;\n`,
  'api/src/modules/users/zz-lint-probe-repository.ts': `import type { Prisma } from '../../db/database';\nexport const probe = (prisma: Prisma) =>\n  prisma.$transaction(async (tx) => [await tx.user.count(), await tx.$queryRaw\`SELECT 1\`]);\n`,
  'api/src/modules/users/zz-lint-probe-map-service.ts': `import type { Prisma } from '../../db/database';\nexport const probe = (prisma: Prisma, seen: Map<number, number>, user = { update: () => 1 }) =>\n  prisma.$transaction(async () => seen.delete(user.update()));\n`,
  'api/src/lib/zz-lint-probe-orphan.ts': `export const zzProbeOrphan = 1;\n`,
  'api/src/lib/zz-lint-probe-exports.ts': `export const zzProbeUsed = 1;\nexport const zzProbeUnused = 2;\n`,
  'scripts/zz-lint-probe-entry.mjs': `import { zzProbeUsed } from '../api/src/lib/zz-lint-probe-exports.ts';\nconsole.log(zzProbeUsed);\n`,
  'api/src/lib/zz-lint-probe-misused.ts': `export function probe(items: number[]): void {\n  items.forEach(async () => {});\n}\n`,
};

describe('the lint setup', () => {
  let eslint: ESLint;

  beforeAll(async () => {
    for (const [file, text] of Object.entries(PROBES)) {
      await mkdir(path.dirname(path.join(ROOT, file)), { recursive: true });
      await writeFile(path.join(ROOT, file), text);
    }
    eslint = new ESLint({ cwd: ROOT });
  });
  afterAll(async () => {
    await Promise.all(Object.keys(PROBES).map((file) => rm(path.join(ROOT, file), { force: true })));
  });

  /** The rules that fire on `file`. */
  async function rulesOn(file: string): Promise<string[]> {
    const [result] = await eslint.lintFiles([path.join(ROOT, file)]);
    return result!.messages.map((message) => message.ruleId ?? message.message);
  }

  it.each([
    ['a value import cycle', 'api/src/lib/zz-lint-probe-cycle-a.ts', 'import-x/no-cycle'],
    [
      'a module importing a module above it',
      'api/src/modules/users/zz-lint-probe-layer.ts',
      'import-x/no-restricted-paths',
    ],
    ['http/ importing a module', 'api/src/http/zz-lint-probe-module.ts', 'import-x/no-restricted-paths'],
    ['db/ importing http/', 'api/src/db/zz-lint-probe-http.ts', 'import-x/no-restricted-paths'],
    ['the bot importing the API', 'bot/src/zz-lint-probe-api.ts', 'import-x/no-restricted-paths'],
    ['the web app importing server code', 'webapp/src/zz-lint-probe-server.ts', 'import-x/no-restricted-paths'],
    [
      'a web feature importing another',
      'webapp/src/features/auth/zz-lint-probe-feature.ts',
      'import-x/no-restricted-paths',
    ],
    ['a promise nobody awaits', 'api/src/lib/zz-lint-probe-floating.ts', '@typescript-eslint/no-floating-promises'],
    [
      'an async callback where a void one is expected',
      'api/src/lib/zz-lint-probe-misused.ts',
      '@typescript-eslint/no-misused-promises',
    ],
    [
      'a Prisma model call in a service',
      'api/src/modules/users/zz-lint-probe-model-service.ts',
      'local/prisma-in-repositories',
    ],
    [
      'a model call on a transaction client in a service',
      'api/src/modules/users/zz-lint-probe-tx-service.ts',
      'local/prisma-in-repositories',
    ],
    ['raw SQL in a service', 'api/src/modules/users/zz-lint-probe-raw-service.ts', 'local/prisma-in-repositories'],
  ])(
    'When a file holds %s, then lint reports it',
    async (_what, file, rule) => {
      expect(await rulesOn(file)).toContain(rule);
    },
    120_000,
  );

  it.each([
    ['model calls and raw SQL in a repository', 'api/src/modules/users/zz-lint-probe-repository.ts'],
    [
      'a transaction and methods named like Prisma ones on other objects in a service',
      'api/src/modules/users/zz-lint-probe-map-service.ts',
    ],
  ])(
    'When a file holds %s, then the database rule lets it be',
    async (_what, file) => {
      const rules = await rulesOn(file);
      expect(rules).toEqual([]);
    },
    120_000,
  );

  it('When a file nothing imports and an export nothing uses exist, then knip fails and names both', async () => {
    const knip = path.join(ROOT, 'node_modules/.bin/knip');
    const failure = await run(knip, ['--no-progress', '--no-config-hints'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toMatch(/Unused files[\s\S]*api\/src\/lib\/zz-lint-probe-orphan\.ts/);
    expect(failure?.stdout).toMatch(/Unused exports[\s\S]*zzProbeUnused +api\/src\/lib\/zz-lint-probe-exports\.ts/);
    expect(failure?.stdout).not.toContain('zzProbeUsed');
    const scripts = (await import('../../package.json', { with: { type: 'json' } })).default.scripts;
    expect(scripts.lint).toContain('npm run lint:unused');
    expect(scripts['lint:unused']).toContain('knip');
  }, 120_000);

  it('When two files import each other only for types, then the cycle check fails and names them', async () => {
    const dpdm = path.join(ROOT, 'node_modules/.bin/dpdm');
    const files = ['api/src/lib/zz-lint-probe-types-a.ts'];
    const args = ['--no-tree', '--no-warning', '--no-progress', '--circular', '--exit-code', 'circular:1', ...files];
    const failure = await run(dpdm, args, { cwd: ROOT }).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('zz-lint-probe-types-b.ts');
    // The same check as `npm run lint` runs: the project's own script, on the tree without the probes.
    const scripts = (await import('../../package.json', { with: { type: 'json' } })).default.scripts;
    expect(scripts.lint).toContain('npm run lint:cycles');
    expect(scripts['lint:cycles']).toContain('--exit-code circular:1');
  }, 60_000);
});
