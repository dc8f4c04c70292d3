// The projects file: what `npm run setup --import` reads and what the dashboard imports and exports. One parser,
// one set of checks, one writer, so a file accepted by one is accepted by the other.
import type { Tier } from '../accounts/tiers.ts';
import { createAlertsRepo } from '../alerts/alerts.repo.ts';
import { cadenceAllowed, isTimeZone, nextDigestAt } from '../alerts/alerts.schedule.ts';
import type { AlertInput } from '../alerts/alerts.service.ts';
import type { TierLimits } from '../config/index.ts';
import { AppError, type FieldProblem, InvalidFields } from '../contract/errors.ts';
import type { Queryable } from '../db/client.ts';
import { normalizeEmail } from '../domain/email.ts';
import { watchGrew } from '../domain/watch-list.ts';
import { checkWebhookUrl, WebhookUrlError } from '../webhooks/webhooks.guard.ts';
import { createWebhooksRepo } from '../webhooks/webhooks.repo.ts';
import { type CleanProject, parseProjectInput, projectLimitProblems } from './projects.input.ts';
import { createProjectsRepo } from './projects.repo.ts';
import { ImportedProject, type ProjectsFile } from './projects.schemas.ts';

/** `at` is the entry's place in the file (`/2/`), which names its problems. */
export type CleanImport = CleanProject & { webhooks: string[]; alerts: AlertInput[]; at: string };

/** created: false for a project updated by name, or a webhook URL already registered on the project. */
export interface ImportOutcome {
  id: string;
  name: string;
  created: boolean;
  /** It watches a keyword or subreddit it did not before (a new project with keywords): its scan starts at once. */
  watchGrew: boolean;
  webhooks: { id: string; url: string; secret: string; created: boolean }[];
  alerts: { id: string; channel: string; created: boolean; confirmed: boolean }[];
}

const invalid = (message: string) => new AppError('invalid_request', message);

/** The problem's entry in the file (`/2/keywords` is 2), for listing problems in file order. */
const entryOf = (p: FieldProblem) => Number(/^\/(\d+)/.exec(p.field)?.[1] ?? -1);

/** What is wrong with an alert destination of the file, past its schema; null when nothing is. */
function alertProblem(a: AlertInput): string | null {
  if (a.channel === 'email') {
    if (a.url !== undefined) return 'An e-mail alert takes "to", not "url".';
    return normalizeEmail(a.to) ? null : 'An e-mail alert needs an address in "to".';
  }
  if (a.to !== undefined) return `A ${a.channel} alert takes "url", not "to".`;
  if (!a.url?.trim().startsWith('https://'))
    return `A ${a.channel} alert needs its incoming-webhook URL (https) in "url".`;
  if (a.timeZone !== undefined && !isTimeZone(a.timeZone)) return `"${a.timeZone}" is not a time zone.`;
  return null;
}

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
    const chat = (entry as { alerts?: unknown }).alerts;
    if (Array.isArray(chat)) {
      for (const [j, a] of chat.entries()) {
        const url = (a as { url?: unknown })?.url;
        if (typeof url === 'string' && url.trim().startsWith('https://')) {
          hooks.push({ at: `${at}alerts/${j}/`, urls: [url.trim()] });
        }
      }
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
    const { webhooks, alerts } = entry as ProjectsFile[number];
    const cleanAlerts: AlertInput[] = [];
    for (const [j, a] of (alerts ?? []).entries()) {
      const problem = alertProblem(a);
      if (problem) problems.push({ field: `${at}alerts/${j}`, message: problem });
      else
        cleanAlerts.push(
          a.channel === 'email' ? { ...a, to: normalizeEmail(a.to)! } : { ...a, url: a.url!.trim() },
        );
    }
    projects.push({
      ...clean,
      webhooks: [...new Set((webhooks ?? []).map((u) => u.trim()))],
      alerts: cleanAlerts,
      at,
    });
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
        const field = at.includes('/alerts/') ? at.slice(0, -1) : `${at}webhooks`;
        problems.push({ field, message: `"${url}": ${err.message}` });
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
  const before = new Map((await projectsRepo.watchListsOf(account.userId)).map((p) => [p.name, p]));
  const existing = new Set(before.keys());
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
  if (account.limits) {
    const fastest = account.limits.alertCadence;
    for (const p of projects) {
      for (const [j, a] of p.alerts.entries()) {
        if (!cadenceAllowed(a.cadence ?? 'instant', fastest)) {
          problems.push({
            field: `${p.at}alerts/${j}/cadence`,
            message: `The ${account.tier} plan sends alerts ${fastest} at the fastest; give "cadence": "${fastest === 'hourly' ? 'hourly' : 'daily'}" or slower.`,
          });
        }
      }
    }
  }
  const alertsRepo = createAlertsRepo(tx);
  const [user] = await tx.query<{ email: string | null }>('SELECT email FROM users WHERE id = $1', [
    account.userId,
  ]);
  const now = new Date();
  const out: ImportOutcome[] = [];
  for (const { webhooks, alerts, at: _at, ...input } of projects) {
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
    const added: ImportOutcome['alerts'] = [];
    for (const a of alerts) {
      const cadence = a.cadence ?? 'instant';
      const dailyHour = a.dailyHour ?? 8;
      const timeZone = a.timeZone ?? 'UTC';
      const target = a.channel === 'email' ? a.to! : a.url!;
      // Someone else's address waits for its owner's confirmation (the worker sends the link).
      const own = a.channel !== 'email' || target === user?.email;
      const row = await alertsRepo.upsertDestination({
        projectId: project.id,
        channel: a.channel,
        target,
        cadence,
        dailyHour,
        timeZone,
        minScore: a.minScore ?? null,
        confirmedAt: own ? now : null,
        nextDigestAt: nextDigestAt(cadence, dailyHour, timeZone, now),
      });
      added.push({
        id: row.id,
        channel: a.channel,
        created: row.created,
        confirmed: row.confirmed_at !== null,
      });
    }
    out.push({
      id: project.id,
      name: project.name,
      created: !existing.has(project.name),
      watchGrew: watchGrew(before.get(project.name) ?? null, input),
      webhooks: hooks,
      alerts: added,
    });
  }
  // Counted after writing: URLs already registered on a project of the same name are not new.
  // Slack and Discord alerts count with webhooks (docs/decisions/0114-alerts.md).
  const chats = maxHooks !== null ? await alertsRepo.countChatDestinations(account.userId) : 0;
  const activeHooks = maxHooks !== null ? (await webhooksRepo.countActiveForUser(account.userId)) + chats : 0;
  // With none allowed, webhooks were named entry by entry above.
  if (maxHooks !== null && activeHooks > maxHooks && (maxHooks > 0 || chats > 0)) {
    problems.push({
      field: '',
      message: `The ${account.tier} plan allows ${maxHooks} webhook${maxHooks === 1 ? '' : 's'} per account; this import would make ${activeHooks}. Remove ${activeHooks - maxHooks} to import the file.${chats > 0 ? ' Slack and Discord alerts count as webhooks.' : ''}`,
    });
  }
  if (problems.length)
    throw new InvalidFields(
      problems.sort((a, b) => entryOf(a) - entryOf(b)),
      'forbidden',
    );
  return out;
}
