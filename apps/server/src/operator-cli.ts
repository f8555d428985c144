import { loadConfigOrExit } from './config/env.ts';
import { openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { resetOperatorPassword, UnknownOperatorError, unlockOperator } from './modules/operators/recover-operator.ts';

/**
 * `npm run operator -- unlock <username>` / `npm run operator -- reset-password <username>`:
 * the way back for an operator locked out of /admin (decision 163). `npm run operator -- migrate`
 * applies pending migrations without starting a server: a deploy runs it once before rolling out
 * new servers (each would otherwise race to migrate at start), and the browser tests use it to
 * prepare one database that every test's server starts from. Run on the server, with the
 * server's environment (DATABASE_URL or DATA_DIR). The embedded database (PGlite) belongs to one
 * process at a time, so without DATABASE_URL the server must be stopped first.
 */
const USAGE =
  'usage: npm run operator -- unlock <username>\n       npm run operator -- reset-password <username>\n       npm run operator -- migrate';

async function serverAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const [command, username, ...rest] = process.argv.slice(2);
  const valid =
    command === 'migrate' ? !username : Boolean(username) && !rest.length && (command === 'unlock' || command === 'reset-password');
  if (!valid) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfigOrExit();
  if (!config.DATABASE_URL && (await serverAnswers(`http://127.0.0.1:${config.PORT}`))) {
    console.error(
      `The server is running on port ${config.PORT} with the embedded database, which one process uses at a time.\nStop it, run this command, then start it again.`,
    );
    return 1;
  }
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const applied = await migrate(db);
    if (command === 'migrate') {
      process.stdout.write(
        applied.length
          ? `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}\n`
          : 'The database is up to date.\n',
      );
    } else if (command === 'unlock') {
      const r = await unlockOperator(db, username!);
      process.stdout.write(
        `Operator "${r.username}" unlocked (${r.cleared} failure counter${r.cleared === 1 ? '' : 's'} cleared). Sign in at ${config.PUBLIC_URL}/admin.\n`,
      );
    } else {
      const r = await resetOperatorPassword(db, username!, config.PASSWORD_HASH_COST);
      process.stdout.write(
        `New password for operator "${r.username}": ${r.password}\nIt is shown only this once. Sign in at ${config.PUBLIC_URL}/admin; the account is unlocked.\n`,
      );
    }
    return 0;
  } catch (err) {
    if (err instanceof UnknownOperatorError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
