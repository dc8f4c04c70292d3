// The projects file: what `npm run setup --import` reads and what the dashboard imports and exports. One parser,
// one set of checks, one writer, so a file accepted by one is accepted by the other.
import type { Tier } from '../accounts/tiers.ts';
import type { TierLimits } from '../config/index.ts';
import { AppError, type FieldProblem, InvalidFields } from '../contract/errors.ts';
import type { Queryable } from '../db/client.ts';
import { checkWebhookUrl, WebhookUrlError } from '../webhooks/webhooks.guard.ts';
import { createWebhooksRepo } from '../webhooks/webhooks.repo.ts';
import { type CleanProject, parseProjectInput, projectLimitProblems } from './projects.input.ts';
import { createProjectsRepo } from './projects.repo.ts';
import { ImportedProject, type ProjectsFile } from './projects.schemas.ts';

/** `at` is the entry's place in the file (`/2/`), which names its problems. */
export type CleanImport = CleanProject & { webhooks: string[]; at: string };

/** created: false for a project updated by name, or a webhook URL already registered on the project. */
export interface ImportOutcome {
  id: string;
  name: string;
  created: boolean;
  webhooks: { id: string; url: string; secret: string; created: boolean }[];
}

const invalid = (message: string) => new AppError('invalid_request', message);

/** The problem's entry in the file (`/2/keywords` is 2), for listing problems in file order. */
const entryOf = (p: FieldProblem) => Number(/^\/(\d+)/.exec(p.field)?.[1] ?? -1);

/** Each entry checked and normalised; the problems of every entry, not just the first bad one. */
function parseEntries(data: unknown): {
  projects: CleanImport[];
  problems: FieldProblem[];
  hooks: { at: string; urls: string[] }[];
} {
  if (!Array.isArray(data)) throw invalid('A projects file is a JSON array of projects.');
  if (data.length > 1000) throw invalid('A projects file holds at most 1,000 projects.');
  const names = new Set<string>();
  const projects: CleanImport[] = [];
  const problems: FieldProblem[] = [];
  // The webhook URLs of every entry whose list is well formed, bad entries too: their URLs are named with the rest.
  const hooks: { at: string; urls: string[] }[] = [];
  for (const [i, entry] of data.entries()) {
    const at = `/${i}/`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push({ field: `/${i}`, message: 'A project is a JSON object with at least a name.' });
      continue;
    }
    const listed = (entry as { webhooks?: unknown }).webhooks;
    if (Array.isArray(listed) && listed.every((u) => typeof u === 'string')) {
      hooks.push({ at, urls: [...new Set(listed.map((u) => u.trim()))] });
    }
    let clean: CleanProject;
    try {
      clean = parseProjectInput(entry, at, ImportedProject);
    } catch (err) {
      if (!(err instanceof InvalidFields)) throw err;
      problems.push(...err.fields);
      continue;
    }
    if (names.has(clean.name)) {
      problems.push({ field: `${at}name`, message: `"${clean.name}" appears twice in the file.` });
      continue;
    }
    names.add(clean.name);
    const { webhooks } = entry as ProjectsFile[number];
    projects.push({ ...clean, webhooks: [...new Set((webhooks ?? []).map((u) => u.trim()))], at });
  }
  return { projects, problems, hooks };
}

/**
 * The file's projects, checked and normalised, their webhook URLs held to the registration checks of the dashboard
 * (https, no private or reserved address); otherwise invalid_request naming every bad field of every entry at
 * once (`/2/subreddits`), in file order.
 */
export async function readProjectsFile(
  data: unknown,
  isAllowed: (address: string) => boolean,
): Promise<CleanImport[]> {
  const { projects, problems, hooks } = parseEntries(data);
  for (const { at, urls } of hooks) {
    for (const url of urls) {
      try {
        await checkWebhookUrl(url, isAllowed, { requireResolvable: false });
      } catch (err) {
        if (!(err instanceof WebhookUrlError)) throw err;
        problems.push({ field: `${at}webhooks`, message: `"${url}": ${err.message}` });
      }
    }
  }
  if (problems.length) throw new InvalidFields(problems.sort((a, b) => entryOf(a) - entryOf(b)));
  return projects;
}

/**
 * Creates or updates (by name) each project on the account and adds its webhooks, within the caller's
 * transaction; refuses the whole file, naming everything past the tier at once, when it would take the account
 * past its tier. Nothing written stays then: the refusal is thrown inside the caller's transaction.
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
  const problems = projectLimitProblems(account.limits, account.tier, {
    projects: new Set([...existing, ...projects.map((p) => p.name)]).size,
    lists: projects.map((project) => ({ project, at: project.at })),
  });
  const maxHooks = account.limits?.alertWebhooks ?? null;
  if (maxHooks === 0) {
    for (const p of projects.filter((p) => p.webhooks.length > 0)) {
      problems.push({
        field: `${p.at}webhooks`,
        message: `${p.webhooks.length} entered; webhooks are not part of the ${account.tier} plan. Remove them to import the file.`,
      });
    }
  }
  const out: ImportOutcome[] = [];
  for (const { webhooks, at: _at, ...input } of projects) {
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
  // Counted after writing: URLs already registered on a project of the same name are not new.
  const activeHooks = maxHooks ? await webhooksRepo.countActiveForUser(account.userId) : 0;
  if (maxHooks && activeHooks > maxHooks) {
    problems.push({
      field: '',
      message: `The ${account.tier} plan allows ${maxHooks} webhook${maxHooks === 1 ? '' : 's'} per account; this import would make ${activeHooks}. Remove ${activeHooks - maxHooks} to import the file.`,
    });
  }
  if (problems.length)
    throw new InvalidFields(
      problems.sort((a, b) => entryOf(a) - entryOf(b)),
      'forbidden',
    );
  return out;
}
