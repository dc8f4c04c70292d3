import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config/index.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { normalizeEmail } from '../domain/email.ts';
import type { SignInLink } from '../sessions/sessions.schemas.ts';
import { UsageError } from './commands.ts';
import { dispatch } from './dispatch.ts';

export function parseLoginArgs(argv: string[]): { email: string } {
  let values: { email?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { email: { type: 'string' } }, strict: true }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const email = normalizeEmail(values.email);
  if (!email) throw new UsageError('--email <address> is required and must be an email address');
  return { email };
}

/**
 * Mints a dashboard sign-in link for an existing account; creates nothing else. Through the running service
 * when there is one (its PUBLIC_BASE_URL and port), else on the database directly.
 */
export async function runLogin(config: Config, argv: string[]): Promise<SignInLink> {
  const { email } = parseLoginArgs(argv);
  return (await dispatch(config, { command: 'login', email }, 'npm run login')) as SignInLink;
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
    process.stderr.write(`login: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
