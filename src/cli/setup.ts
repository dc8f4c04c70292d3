import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig, TIERS, type Tier } from '../config/index.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { normalizeEmail } from '../domain/email.ts';
import { readProjectsFile } from '../projects/projects.import.ts';
import { asUsage, type ImportFile, type SetupResult, UsageError } from './commands.ts';
import { dispatch } from './dispatch.ts';

export type { SetupResult };

const ANY_ADDRESS = () => true;

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
  const email = normalizeEmail(values.email);
  if (!email) throw new UsageError('--email <address> is required and must be an email address');
  if (values.tier !== undefined && !TIERS.includes(values.tier as Tier)) {
    throw new UsageError(`--tier must be one of ${TIERS.join(', ')} (got "${values.tier}")`);
  }
  return {
    email,
    tier: values.tier as Tier | undefined,
    importPath: values.import,
  };
}

/**
 * Creates or finds the account, issues a new REST and tool key, and imports projects, all in one transaction;
 * through the running service when there is one, else on the database directly. The import file is read here.
 */
export async function runSetup(config: Config, argv: string[]): Promise<SetupResult> {
  const args = parseSetupArgs(argv);
  // Checked here too, so that a bad file is refused with the dashboard's messages before anything is sent. Which
  // webhook addresses are allowed is left to whoever writes: the running service, by its WEBHOOK_ALLOW_PRIVATE, or
  // this command with its own environment when no service runs (runCommand checks again either way).
  const projects: ImportFile = args.importPath
    ? (await asUsage(() => readProjectsFile(readImport(args.importPath!), ANY_ADDRESS))).map(
        ({ at: _at, ...p }) => p,
      )
    : [];
  const command = {
    command: 'setup' as const,
    email: args.email,
    projects,
    ...(args.tier ? { tier: args.tier } : {}),
  };
  return (await dispatch(config, command, 'npm run setup')) as SetupResult;
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
    process.stderr.write(`setup: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
