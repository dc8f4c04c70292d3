// What a project may contain, checked in one place for every way in: the dashboard's forms, its import, and
// `npm run setup --import`. See docs/decisions/0067-project-editing.md.
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { TierLimits } from '../config.ts';
import { normalizeSubreddit } from '../domain/subreddit-name.ts';
import { AppError } from '../errors.ts';
import { ProjectInput } from './projects.schemas.ts';

export { normalizeSubreddit };

/** A project after normalisation: every field present, lists trimmed and without duplicates. */
export type CleanProject = Required<ProjectInput>;

const invalid = (message: string) => new AppError('invalid_request', message);

/** Trimmed, empty entries dropped, case-insensitive duplicates dropped (the first spelling stays). */
function cleanList(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const v = raw.trim().replace(/\s+/g, ' ');
    if (!v || seen.has(v.toLowerCase())) continue;
    seen.add(v.toLowerCase());
    out.push(v);
  }
  return out;
}

const cleanText = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

/**
 * Checks `data` against the schema; invalid_request naming the first bad field otherwise. Unknown fields are
 * refused, not dropped: a misspelt `keyword` must not silently save a project without keywords.
 */
export function checkShape<T>(schema: TSchema, data: unknown, at = ''): T {
  const first = Value.Errors(schema, data)[0];
  if (!first) return data as T;
  const path = first.instancePath.replace(/^\//, '');
  const params = (first.params ?? {}) as { requiredProperties?: string[] };
  if (first.schemaPath.endsWith('/additionalProperties')) throw invalid(`${at}${path}: unknown field`);
  if (params.requiredProperties?.length) {
    throw invalid(`${at}${path}${path ? '/' : ''}${params.requiredProperties.join(', ')}: required`);
  }
  throw invalid(`${at}${path || (at ? '' : 'the body')}: ${first.message}`);
}

/** A project as a client sent it (dashboard form or import entry), checked and normalised. */
export function parseProjectInput(data: unknown, at = ''): CleanProject {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw invalid(`${at || 'the body'}: a project is a JSON object with at least a name`);
  }
  return normalizeProjectInput(checkShape<ProjectInput>(ProjectInput, data, at), at);
}

/**
 * The input with every field present and normalised, or an invalid_request naming the field. `at` prefixes
 * field names (`/2/` for the third project of an import file).
 */
export function normalizeProjectInput(input: ProjectInput, at = ''): CleanProject {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (!name) throw invalid(`${at}name: a project needs a name`);
  const url = cleanText(input.url);
  if (url !== null && !(/^https?:\/\//i.test(url) && URL.canParse(url))) {
    throw invalid(`${at}url: "${url}" is not a web address; write it with http:// or https://`);
  }
  const subreddits: string[] = [];
  for (const raw of input.subreddits ?? []) {
    if (!raw.trim()) continue;
    const r = normalizeSubreddit(raw);
    if ('error' in r) throw invalid(`${at}subreddits: ${r.error}`);
    subreddits.push(r.name);
  }
  return {
    name,
    url,
    pain: cleanText(input.pain),
    solution: cleanText(input.solution),
    targetUsers: cleanText(input.targetUsers),
    geography: cleanText(input.geography),
    budgetFit: cleanText(input.budgetFit),
    scoreThreshold: input.scoreThreshold ?? null,
    keywords: cleanList(input.keywords ?? []),
    subreddits: cleanList(subreddits),
    competitors: cleanList(input.competitors ?? []),
  };
}

/** The tier limits a project's lists are held to, by field. */
export function listLimits(limits: TierLimits) {
  return {
    keywords: limits.keywordsPerProject,
    subreddits: limits.subredditsPerProject,
    competitors: limits.competitors,
  } as const;
}

/**
 * Refuses, as forbidden and naming the list, a project whose lists exceed the tier; `projects` is the number of
 * projects the account would have after the change.
 */
export function checkProjectLimits(
  limits: TierLimits | null,
  tier: string,
  change: { projects: number; lists: { project: CleanProject; at: string }[] },
): void {
  if (!limits) return;
  if (limits.projects !== null && change.projects > limits.projects) {
    throw new AppError(
      'forbidden',
      `The ${tier} plan allows ${limits.projects} project${limits.projects === 1 ? '' : 's'}; this would make ${change.projects}. Delete a project first, or upgrade.`,
    );
  }
  for (const { project, at } of change.lists) {
    for (const [field, max] of Object.entries(listLimits(limits))) {
      const n = project[field as keyof ReturnType<typeof listLimits>].length;
      if (max !== null && n > max) {
        throw new AppError(
          'forbidden',
          `${at}${field}: ${n} entered; the ${tier} plan allows ${max} per project. Remove ${n - max} to save.`,
        );
      }
    }
  }
}
