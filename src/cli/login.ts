import { parseArgs } from 'node:util';
import { createAccountsService } from '../accounts/accounts.service.ts';
import { systemClock } from '../clock.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { openDatabase } from '../db/open.ts';
import { AppError } from '../errors.ts';
import type { SignInLink } from '../sessions/sessions.schemas.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';

export class UsageError extends Error {}

export function parseLoginArgs(argv: string[]): { email: string } {
  let values: { email?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { email: { type: 'string' } }, strict: true }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  // Looser than setup's check: the demo account is demo@localhost.
  if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email)) {
    throw new UsageError('--email <address> is required and must be an email address');
  }
  return { email: values.email.toLowerCase() };
}

/** Mints a dashboard sign-in link for an existing account; creates nothing else. */
export async function runLogin(config: Config, argv: string[]): Promise<SignInLink> {
  const { email } = parseLoginArgs(argv);
  const { db, close } = await openDatabase(config, 'npm run login');
  try {
    const accounts = createAccountsService({ db, clock: systemClock, config });
    const sessions = createSessionsService({ db, clock: systemClock, config, accounts });
    return await sessions.mintSignInLink({ email });
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') {
      throw new UsageError(
        `no account has the email ${email}; create it with npm run setup -- --email ${email}`,
      );
    }
    throw err;
  } finally {
    await close();
  }
}

if (import.meta.main) {
  try {
    const link = await runLogin(loadConfig(), process.argv.slice(2));
    process.stdout.write(`${JSON.stringify(link)}\n`);
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError || err instanceof DataDirBusyError) {
      process.stderr.write(`login: ${err.message}\n`);
      process.stderr.write('usage: npm run login -- --email <email>\n');
      process.exit(2);
    }
    throw err;
  }
}
