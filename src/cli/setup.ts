import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createAccountsService } from '../accounts/accounts.service.ts';
import { systemClock } from '../clock.ts';
import { type Config, ConfigError, loadConfig, TIERS, type Tier } from '../config.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { openDatabase } from '../db/open.ts';
import { AppError } from '../errors.ts';
import { checkImportedWebhooks, parseProjectsFile, writeProjects } from '../projects/projects.import.ts';
import { createAddressCheck } from '../webhooks/webhooks.guard.ts';

export class UsageError extends Error {}

export interface SetupResult {
  userId: string;
  restKey: string;
  mcpKey: string;
  projects: { id: string; name: string; webhooks: { id: string; url: string; secret: string }[] }[];
}

/** The dashboard's checks of a projects file, with its messages prefixed for the terminal. */
async function asUsage<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && err.code !== 'internal_error')
      throw new UsageError(`--import: ${err.message}`);
    throw err;
  }
}

function readImport(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UsageError(`--import: cannot read ${path} as JSON (${(err as Error).message})`);
  }
}

export function parseSetupArgs(argv: string[]): { email: string; tier?: Tier; importPath?: string } {
  let values: { email?: string; tier?: string; import?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, tier: { type: 'string' }, import: { type: 'string' } },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
    throw new UsageError('--email <address> is required and must be an email address');
  }
  if (values.tier !== undefined && !TIERS.includes(values.tier as Tier)) {
    throw new UsageError(`--tier must be one of ${TIERS.join(', ')} (got "${values.tier}")`);
  }
  return {
    email: values.email.toLowerCase(),
    tier: values.tier as Tier | undefined,
    importPath: values.import,
  };
}

/** Creates or finds the account, issues a new REST and tool key, and imports projects, all in one transaction. */
export async function runSetup(config: Config, argv: string[]): Promise<SetupResult> {
  const args = parseSetupArgs(argv);
  const projects = args.importPath
    ? await asUsage(() => parseProjectsFile(readImport(args.importPath!)))
    : [];
  await asUsage(() => checkImportedWebhooks(projects, createAddressCheck(config.webhooks)));
  const { db, close } = await openDatabase(config, 'npm run setup');
  try {
    return await db.transaction(async (tx) => {
      const accounts = createAccountsService({ db: tx, clock: systemClock, config });
      const user = await accounts.ensureUser(args.email, args.tier);
      const restKey = await accounts.issueKey(user.id, 'rest');
      const mcpKey = await accounts.issueKey(user.id, 'mcp');
      const owner = { userId: user.id, tier: user.tier, limits: accounts.limitsFor(user.tier) };
      const written = await asUsage(() => writeProjects(tx, owner, projects));
      const imported = written.map((p) => ({
        id: p.id,
        name: p.name,
        webhooks: p.webhooks.map(({ id, url, secret }) => ({ id, url, secret })),
      }));
      return { userId: user.id, restKey: restKey.key, mcpKey: mcpKey.key, projects: imported };
    });
  } finally {
    await close();
  }
}

if (import.meta.main) {
  try {
    const result = await runSetup(loadConfig(), process.argv.slice(2));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError || err instanceof DataDirBusyError) {
      process.stderr.write(`setup: ${err.message}\n`);
      process.stderr.write(
        'usage: npm run setup -- --email <email> [--tier free|connected] [--import <projects.json>]\n',
      );
      process.exit(2);
    }
    throw err;
  }
}
