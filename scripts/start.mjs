// `npm start` on a fresh clone: install what is missing, build the web app, then run the server
// (which applies migrations before it listens). Configuration comes from the environment or .env.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync('node_modules/.package-lock.json') || !existsSync('node_modules/.prisma/client')) {
  console.log('Installing dependencies…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}
if (process.env.SKIP_BUILD !== '1') {
  console.log('Building the web app…');
  run('npm', ['run', '--silent', 'build']);
}
const args = ['tsx'];
if (existsSync('.env')) args.push('--env-file=.env');
args.push('api/src/main.ts');
const server = spawnSync('npx', ['--no-install', ...args], { stdio: 'inherit' });
process.exit(server.status ?? 0);
