// The verbs of `npm run setup` and `npm run login`, run either by the CLI on a database it opened itself, or by the
// running service for a CLI that reached it over the command socket (docs/decisions/0063).
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { createAccountsService } from '../accounts/accounts.service.ts';
import type { Clock } from '../clock.ts';
import { type Config, TIERS, type Tier, type TierLimits } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { StringEnum } from '../http/common.schemas.ts';
import { createProjectsRepo } from '../projects/projects.repo.ts';
import { ProjectInput } from '../projects/projects.schemas.ts';
import type { SignInLink } from '../sessions/sessions.schemas.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import { checkWebhookUrl, createAddressCheck, WebhookUrlError } from '../webhooks/webhooks.guard.ts';
import { createWebhooksRepo } from '../webhooks/webhooks.repo.ts';

/** Input the person can fix: the CLI prints it and exits with status 2. */
export class UsageError extends Error {}

export const ImportFile = Type.Array(
  Type.Object(
    {
      ...ProjectInput.properties,
      webhooks: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { maxItems: 50 })),
    },
    { additionalProperties: false },
  ),
  { maxItems: 1000 },
);
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

/** The registration checks of the dashboard (https, no private or reserved address), before anything is written. */
async function checkImportedWebhooks(config: Config, projects: ImportFile): Promise<void> {
  const isAllowed = createAddressCheck(config.webhooks);
  for (const [i, p] of projects.entries()) {
    for (const url of p.webhooks ?? []) {
      try {
        await checkWebhookUrl(url, isAllowed, { requireResolvable: false });
      } catch (err) {
        if (!(err instanceof WebhookUrlError)) throw err;
        throw new UsageError(`--import: /${i}/webhooks "${url}": ${err.message}`);
      }
    }
  }
}

/** With SELF_HOSTED=false an import may not take an account past its tier; nothing is written if it would. */
function checkTierLimits(limits: TierLimits, tier: Tier, projects: ImportFile, existing: string[]) {
  const names = new Set([...existing, ...projects.map((p) => p.name)]);
  if (limits.projects !== null && names.size > limits.projects) {
    throw new UsageError(
      `--import: the ${tier} tier allows ${limits.projects} project(s); this import would make ${names.size}`,
    );
  }
  const perProject = [
    ['keywords', limits.keywordsPerProject],
    ['subreddits', limits.subredditsPerProject],
    ['competitors', limits.competitors],
  ] as const;
  for (const [i, p] of projects.entries()) {
    for (const [field, max] of perProject) {
      const n = p[field]?.length ?? 0;
      if (max !== null && n > max) {
        throw new UsageError(`--import: /${i}/${field} has ${n}; the ${tier} tier allows ${max} per project`);
      }
    }
  }
}

/** Creates or finds the account, issues a new REST and tool key, and imports projects, all in one transaction. */
async function setup(deps: CommandDeps, cmd: Extract<Command, { command: 'setup' }>): Promise<SetupResult> {
  const { db, clock, config } = deps;
  await checkImportedWebhooks(config, cmd.projects);
  return db.transaction(async (tx) => {
    const accounts = createAccountsService({ db: tx, clock, config });
    const user = await accounts.ensureUser(cmd.email, cmd.tier);
    const restKey = await accounts.issueKey(user.id, 'rest');
    const mcpKey = await accounts.issueKey(user.id, 'mcp');
    const projectsRepo = createProjectsRepo(tx);
    const webhooksRepo = createWebhooksRepo(tx);
    const limits = accounts.limitsFor(user.tier);
    if (limits) checkTierLimits(limits, user.tier, cmd.projects, await projectsRepo.namesOf(user.id));
    const imported: SetupResult['projects'] = [];
    for (const { webhooks = [], ...input } of cmd.projects) {
      const project = await projectsRepo.upsertByName(user.id, input);
      const hooks = [];
      for (const url of webhooks) hooks.push(await webhooksRepo.addOrGet(project.id, url));
      imported.push({ id: project.id, name: project.name, webhooks: hooks });
    }
    // The dashboard's rule (alertWebhooks per account), checked on the result so re-imports count once.
    if (limits && limits.alertWebhooks !== null) {
      const active = await webhooksRepo.countActiveForUser(user.id);
      if (active > limits.alertWebhooks) {
        throw new UsageError(
          limits.alertWebhooks === 0
            ? `--import: webhooks are not part of the ${user.tier} plan`
            : `--import: the ${user.tier} plan allows ${limits.alertWebhooks} webhook(s); this import would make ${active}`,
        );
      }
    }
    return { userId: user.id, restKey: restKey.key, mcpKey: mcpKey.key, projects: imported };
  });
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
}

/** Runs one command; a request that is not a command is a UsageError. */
export async function runCommand(deps: CommandDeps, request: unknown): Promise<SetupResult | SignInLink> {
  if (!Value.Check(Command, request)) {
    const first = Value.Errors(Command, request)[0];
    throw new UsageError(`not a command: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim());
  }
  return request.command === 'setup' ? setup(deps, request) : login(deps, request.email);
}
