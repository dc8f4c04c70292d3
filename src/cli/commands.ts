// The verbs of `npm run setup` and `npm run login`, run either by the CLI on a database it opened itself, or by the
// running service for a CLI that reached it over the command socket (docs/decisions/0063).
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { createAccountsService } from '../accounts/accounts.service.ts';
import type { Clock } from '../clock.ts';
import { type Config, TIERS } from '../config/index.ts';
import { AppError } from '../contract/errors.ts';
import { StringEnum } from '../contract/schemas.ts';
import type { ControlAnswer } from '../control/control.socket.ts';
import type { Db } from '../db/client.ts';
import { databaseIdentity, describeDatabase } from '../db/identity.ts';
import { readProjectsFile, writeProjects } from '../projects/projects.import.ts';
import { ProjectsFile } from '../projects/projects.schemas.ts';
import type { StartFirstScan } from '../projects/projects.service.ts';
import type { SignInLink } from '../sessions/sessions.schemas.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import { createAddressCheck } from '../webhooks/webhooks.guard.ts';

/** Input the person can fix: the CLI prints it and exits with status 2. */
export class UsageError extends Error {}

export const ImportFile = ProjectsFile;
export type ImportFile = Static<typeof ImportFile>;

const Email = Type.String({ minLength: 3, maxLength: 254 });
export const Command = Type.Union([
  Type.Object(
    {
      command: Type.Literal('setup'),
      email: Email,
      tier: Type.Optional(StringEnum(TIERS)),
      projects: ImportFile,
    },
    { additionalProperties: false },
  ),
  Type.Object({ command: Type.Literal('login'), email: Email }, { additionalProperties: false }),
]);
export type Command = Static<typeof Command>;

export interface SetupResult {
  userId: string;
  restKey: string;
  mcpKey: string;
  projects: { id: string; name: string; webhooks: { id: string; url: string; secret: string }[] }[];
}

/** The dashboard's checks (of a projects file, by default), with its messages prefixed for the terminal. */
export async function asUsage<T>(fn: () => Promise<T> | T, prefix = '--import: '): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && err.code !== 'internal_error')
      throw new UsageError(`${prefix}${err.message}`);
    throw err;
  }
}

/**
 * Creates or finds the account, imports projects through the dashboard's import path (same normalisation, tier
 * and webhook checks) and issues a new REST and tool key (within the plan's key cap), all in one transaction.
 */
async function setup(deps: CommandDeps, cmd: Extract<Command, { command: 'setup' }>): Promise<SetupResult> {
  const { db, clock, config } = deps;
  const projects = await asUsage(() => readProjectsFile(cmd.projects, createAddressCheck(config.webhooks)));
  let grew: string[] = [];
  const result = await db.transaction(async (tx) => {
    const accounts = createAccountsService({ db: tx, clock, config });
    const user = await accounts.ensureUser(cmd.email, cmd.tier);
    const owner = { userId: user.id, tier: user.tier, limits: accounts.limitsFor(user.tier) };
    const written = await asUsage(() => writeProjects(tx, owner, projects));
    // After the file's checks, which are what a person is fixing; past the plan's key cap nothing is written.
    const restKey = await asUsage(() => accounts.issueKey(user.id, 'rest'), '');
    const mcpKey = await asUsage(() => accounts.issueKey(user.id, 'mcp'), '');
    const imported = written.map((p) => ({
      id: p.id,
      name: p.name,
      webhooks: p.webhooks.map(({ id, url, secret }) => ({ id, url, secret })),
    }));
    grew = written.filter((p) => p.watchGrew).map((p) => p.id);
    return { userId: user.id, restKey: restKey.key, mcpKey: mcpKey.key, projects: imported };
  });
  // Through the running service: the first scans start now (one that cannot be queued is left to the schedule,
  // which queues a never-scanned project at once). On the database alone the workers start them: within seconds
  // on PostgreSQL, at start on the embedded database (docs/decisions/0119).
  for (const id of grew) await deps.startFirstScan?.(id).catch(() => null);
  return result;
}

/** Mints a dashboard sign-in link for an existing account; creates nothing else. */
async function login(deps: CommandDeps, email: string): Promise<SignInLink> {
  const accounts = createAccountsService(deps);
  const sessions = createSessionsService({ ...deps, accounts, log: () => {} });
  try {
    return await sessions.mintSignInLink({ email });
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') {
      throw new UsageError(
        `no account has the email ${email}; create it with npm run setup -- --email ${email}`,
      );
    }
    throw err;
  }
}

export interface CommandDeps {
  db: Db;
  clock: Clock;
  /** The configuration of whoever runs the command: links carry its PUBLIC_BASE_URL. */
  config: Config;
  /** The running service's scans: an imported project's first scan starts at once (absent on the database alone). */
  startFirstScan?: StartFirstScan;
}

/** Runs one command; a request that is not a command is a UsageError. */
export async function runCommand(deps: CommandDeps, request: unknown): Promise<SetupResult | SignInLink> {
  if (!Value.Check(Command, request)) {
    const first = Value.Errors(Command, request)[0];
    throw new UsageError(`not a command: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim());
  }
  return request.command === 'setup' ? setup(deps, request) : login(deps, request.email);
}

/** A command as the CLI sends it over the socket: with the identity of the database it was asked to use. */
export const toServiceRequest = (config: Config, command: Command) => ({
  ...command,
  database: databaseIdentity(config),
});

/**
 * The service's side of the socket: runs the command only when it names the database this service uses, so a
 * CLI pointed at another database never writes into the service's (docs/decisions/0063).
 */
export async function answerServiceRequest(deps: CommandDeps, request: unknown): Promise<ControlAnswer> {
  const { database, ...command } = (typeof request === 'object' && request !== null ? request : {}) as {
    database?: unknown;
  };
  if (database !== databaseIdentity(deps.config))
    return { ok: false, kind: 'elsewhere', error: describeDatabase(deps.config) };
  try {
    return { ok: true, result: await runCommand(deps, command) };
  } catch (err) {
    if (err instanceof UsageError) return { ok: false, kind: 'usage', error: err.message };
    throw err;
  }
}
