// The projects file: what `npm run setup --import` reads and what the dashboard imports and exports. One parser,
// one set of checks, one writer, so a file accepted by one is accepted by the other.
import type { Tier } from '../accounts/tiers.ts';
import type { TierLimits } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { AppError, InvalidFields } from '../errors.ts';
import { checkWebhookUrl, WebhookUrlError } from '../webhooks/webhooks.guard.ts';
import { createWebhooksRepo } from '../webhooks/webhooks.repo.ts';
import { type CleanProject, checkProjectLimits, parseProjectInput } from './projects.input.ts';
import { createProjectsRepo } from './projects.repo.ts';
import { ImportedProject, type ProjectsFile } from './projects.schemas.ts';

export type CleanImport = CleanProject & { webhooks: string[] };

/** created: false for a project updated by name, or a webhook URL already registered on the project. */
export interface ImportOutcome {
  id: string;
  name: string;
  created: boolean;
  webhooks: { id: string; url: string; secret: string; created: boolean }[];
}

const invalid = (message: string) => new AppError('invalid_request', message);

/** The file's projects, checked and normalised; invalid_request naming the bad fields (`/2/subreddits`). */
export function parseProjectsFile(data: unknown): CleanImport[] {
  if (!Array.isArray(data)) throw invalid('A projects file is a JSON array of projects.');
  if (data.length > 1000) throw invalid('A projects file holds at most 1,000 projects.');
  const names = new Set<string>();
  return data.map((entry: unknown, i) => {
    const at = `/${i}/`;
    const clean = parseProjectInput(entry, at, ImportedProject);
    const { webhooks } = entry as ProjectsFile[number];
    if (names.has(clean.name)) {
      throw new InvalidFields([
        { field: `${at}name`, message: `"${clean.name}" appears twice in the file.` },
      ]);
    }
    names.add(clean.name);
    return { ...clean, webhooks: [...new Set((webhooks ?? []).map((u) => u.trim()))] };
  });
}

/** The registration checks of the dashboard (https, no private or reserved address), before anything is written. */
export async function checkImportedWebhooks(
  projects: CleanImport[],
  isAllowed: (address: string) => boolean,
): Promise<void> {
  for (const [i, p] of projects.entries()) {
    for (const url of p.webhooks) {
      try {
        await checkWebhookUrl(url, isAllowed, { requireResolvable: false });
      } catch (err) {
        if (!(err instanceof WebhookUrlError)) throw err;
        throw invalid(`/${i}/webhooks: "${url}": ${err.message}`);
      }
    }
  }
}

/**
 * Creates or updates (by name) each project on the account and adds its webhooks, within the caller's
 * transaction; refuses the whole file, before writing, when it would take the account past its tier.
 */
export async function writeProjects(
  tx: Queryable,
  account: { userId: string; tier: Tier; limits: TierLimits | null },
  projects: CleanImport[],
): Promise<ImportOutcome[]> {
  const projectsRepo = createProjectsRepo(tx);
  const webhooksRepo = createWebhooksRepo(tx);
  await projectsRepo.lockAccount(account.userId);
  const existing = new Set(await projectsRepo.namesOf(account.userId));
  checkProjectLimits(account.limits, account.tier, {
    projects: new Set([...existing, ...projects.map((p) => p.name)]).size,
    lists: projects.map((project, i) => ({ project, at: `/${i}/` })),
  });
  const out: ImportOutcome[] = [];
  for (const { webhooks, ...input } of projects) {
    const project = await projectsRepo.upsertByName(account.userId, input);
    const hooks: ImportOutcome['webhooks'] = [];
    for (const url of webhooks) {
      const added = await webhooksRepo.insert(project.id, url);
      if (added) hooks.push({ id: added.id, url, secret: added.secret, created: true });
      else {
        const known = await webhooksRepo.addOrGet(project.id, url);
        hooks.push({ id: known.id, url, secret: known.secret, created: false });
      }
    }
    out.push({ id: project.id, name: project.name, created: !existing.has(project.name), webhooks: hooks });
  }
  const maxHooks = account.limits?.alertWebhooks ?? null;
  const activeHooks = maxHooks === null ? 0 : await webhooksRepo.countActiveForUser(account.userId);
  if (maxHooks !== null && activeHooks > maxHooks) {
    // Thrown inside the caller's transaction: nothing of the import stays.
    throw new AppError(
      'forbidden',
      maxHooks === 0
        ? `Webhooks are not part of the ${account.tier} plan; remove them from the file to import it.`
        : `The ${account.tier} plan allows ${maxHooks} webhook(s); this import would make ${activeHooks}.`,
    );
  }
  return out;
}
