// `npm run admin -- grant|revoke <email|telegram:ID>` and `npm run admin -- list`: manage admins by hand.
// Uses the same configuration as the server (DATABASE_URL, or the PGlite folder, which only one process
// may open at a time: stop the server first when it runs on PGlite).
import { userInfo } from 'node:os';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { describeRef, listAdmins, parseAdminRef, setAdmin } from '../modules/auth/admin-grants';

const USAGE = `Usage:
  npm run admin -- grant <email|telegram:ID>
  npm run admin -- revoke <email|telegram:ID>
  npm run admin -- list
`;

class CliError extends Error {}

/** Who ran the command, for the record of admin changes (null where the system cannot say). */
function operator(): string | null {
  try {
    return userInfo().username.slice(0, 100) || null;
  } catch {
    return null;
  }
}

async function run(database: Database, args: string[]): Promise<string> {
  const [command, target] = args;
  if (command === 'list' && !target) {
    const admins = await listAdmins(database.prisma);
    if (!admins.length) return 'No admins yet.';
    return admins
      .map((admin) => {
        const ids = [admin.email, admin.telegramId ? `telegram:${admin.telegramId}` : null].filter(Boolean);
        return `#${admin.id}  ${admin.name}  ${ids.join('  ')}`;
      })
      .join('\n');
  }
  if ((command === 'grant' || command === 'revoke') && target && args.length === 2) {
    const ref = parseAdminRef(target);
    if (!ref) throw new CliError(`Not an email or telegram:ID: ${target}\n\n${USAGE}`);
    const user = await setAdmin(database.prisma, ref, command === 'grant', operator());
    if (!user) {
      throw new CliError(
        `No user found for ${describeRef(ref)}. They must sign in once before they can be made admin.`,
      );
    }
    return `${command === 'grant' ? 'Granted' : 'Revoked'} admin: #${user.id} ${user.name} (${describeRef(ref)})`;
  }
  throw new CliError(USAGE);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (!args.length || args[0] === '--help' || args[0] === '-h') {
    process.stdout.write(USAGE);
    return args.length ? 0 : 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database, 1);
  try {
    process.stdout.write(`${await run(database, args)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    process.stderr.write(`${error.message.trimEnd()}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
