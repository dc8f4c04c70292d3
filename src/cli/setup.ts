import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { createAccountsService } from '../accounts/accounts.service.ts';
import { systemClock } from '../clock.ts';
import { type Config, ConfigError, loadConfig, TIERS, type Tier, type TierLimits } from '../config.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { openDatabase } from '../db/open.ts';
import { createProjectsRepo } from '../projects/projects.repo.ts';
import { ProjectInput } from '../projects/projects.schemas.ts';
import { checkWebhookUrl, createAddressCheck, WebhookUrlError } from '../webhooks/webhooks.guard.ts';
import { createWebhooksRepo } from '../webhooks/webhooks.repo.ts';

const ImportFile = Type.Array(
  Type.Object(
    {
      ...ProjectInput.properties,
      webhooks: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { maxItems: 50 })),
    },
    { additionalProperties: false },
  ),
  { maxItems: 1000 },
);
type ImportFile = Static<typeof ImportFile>;

export class UsageError extends Error {}

export interface SetupResult {
  userId: string;
  restKey: string;
  mcpKey: string;
  projects: { id: string; name: string; webhooks: { id: string; url: string; secret: string }[] }[];
}

function readImport(path: string): ImportFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UsageError(`--import: cannot read ${path} as JSON (${(err as Error).message})`);
  }
  const first = Value.Errors(ImportFile, parsed)[0];
  if (first) throw new UsageError(`--import: ${first.instancePath || '/'} ${first.message}`);
  const projects = parsed as ImportFile;
  const names = new Set<string>();
  for (const [i, p] of projects.entries()) {
    if (names.has(p.name)) throw new UsageError(`--import: /${i}/name "${p.name}" appears twice`);
    names.add(p.name);
  }
  return projects;
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
async function checkTierLimits(limits: TierLimits, tier: Tier, projects: ImportFile, existing: string[]) {
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
  const projects = args.importPath ? readImport(args.importPath) : [];
  await checkImportedWebhooks(config, projects);
  const { db, close } = await openDatabase(config, 'npm run setup');
  try {
    return await db.transaction(async (tx) => {
      const accounts = createAccountsService({ db: tx, clock: systemClock, config });
      const user = await accounts.ensureUser(args.email, args.tier);
      const restKey = await accounts.issueKey(user.id, 'rest');
      const mcpKey = await accounts.issueKey(user.id, 'mcp');
      const projectsRepo = createProjectsRepo(tx);
      const webhooksRepo = createWebhooksRepo(tx);
      const limits = accounts.limitsFor(user.tier);
      if (limits) await checkTierLimits(limits, user.tier, projects, await projectsRepo.namesOf(user.id));
      const imported: SetupResult['projects'] = [];
      for (const { webhooks = [], ...input } of projects) {
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
