// `npm run db:diff -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that
// takes the schema as of the last committed migration to prisma/schema.prisma. Needs no database.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const name = (process.argv[2] || '').replace(/[^a-z0-9_]/gi, '_');
if (!name) {
  console.error('usage: npm run db:diff -- <migration_name>');
  process.exit(2);
}
const lastCommit = execFileSync('git', ['log', '-1', '--format=%H', '--', 'prisma/migrations'], {
  encoding: 'utf8',
}).trim();
const oldSchema = path.join(tmpdir(), `schema-${Date.now()}.prisma`);
writeFileSync(oldSchema, execFileSync('git', ['show', `${lastCommit}:prisma/schema.prisma`]));
const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'postgresql://root@127.0.0.1:5432/postgres' };
const diff = spawnSync(
  'npx',
  [
    '--no-install',
    'prisma',
    'migrate',
    'diff',
    '--from-schema-datamodel',
    oldSchema,
    '--to-schema-datamodel',
    'prisma/schema.prisma',
    '--script',
  ],
  { env, encoding: 'utf8' },
);
if (diff.status !== 0) {
  console.error(diff.stderr);
  process.exit(diff.status ?? 1);
}
// The migrator applies folders in name order, and one named before a migration a database already has is applied
// after it there but before it on a fresh database: a new folder always sorts after every existing one, even when
// a branch dated its migrations ahead of this machine's clock.
const now = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const newest = readdirSync(path.join('prisma', 'migrations'))
  .map((entry) => /^(\d{14})_/.exec(entry)?.[1])
  .filter(Boolean)
  .sort()
  .at(-1);
const stamp = newest && newest >= now ? String(BigInt(newest) + 1n) : now;
const dir = path.join('prisma', 'migrations', `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'migration.sql'), diff.stdout);
console.log(`Wrote ${dir}/migration.sql`);
