// Generates the Prisma client offline. Prisma 6 parses `url = env("DATABASE_URL")` during generate and,
// when the variable is unset, falls back to downloading an engine; any value avoids that (README "Decisions worth knowing").
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// `npm install --package-lock-only` runs this hook too, with nothing installed: nothing to generate then.
if (!existsSync('node_modules/prisma')) process.exit(0);

const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'postgresql://generate@localhost/none' };
const result = spawnSync('npx', ['--no-install', 'prisma', 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
