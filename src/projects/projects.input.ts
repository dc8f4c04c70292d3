// What a project may contain, checked in one place for every way in: the dashboard's forms, its import, and
// `npm run setup --import`. See docs/decisions/0067-project-editing.md.
import type { TObject } from 'typebox';
import { Value } from 'typebox/value';
import type { TierLimits } from '../config/index.ts';
import { AppError, type FieldProblem, InvalidFields } from '../contract/errors.ts';
import { REPLY_TONES, signatureProblem } from '../domain/scoring.ts';
import { normalizeSubreddit } from '../domain/subreddit-name.ts';
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
 * A website as written by a person: an http(s) address, or a bare domain (`pawledger.example/pricing`) taken as
 * https://. Null for anything else: another scheme, spaces, or a host that is not a dotted name or an address.
 */
export function normalizeUrl(text: string): string | null {
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) && !/^[^:/]+:\d/.test(text) ? text : `https://${text}`;
  if (!/^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i.test(withScheme) || !URL.canParse(withScheme)) return null;
  const { hostname } = new URL(withScheme);
  const dotted = /^(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z][a-z\d-]*[a-z\d]$/i.test(hostname);
  const address = /^\d{1,3}(?:\.\d{1,3}){3}$|^\[[\da-f:.]+\]$/i.test(hostname);
  return dotted || address || hostname === 'localhost' ? withScheme : null;
}

/** The words for each field, as the dashboard's form labels it. */
const LABELS: Record<string, string> = {
  name: 'Name',
  url: 'Website',
  pain: 'Pain',
  solution: 'Solution',
  targetUsers: 'Target users',
  geography: 'Geography',
  budgetFit: 'Budget fit',
  scoreThreshold: 'Score threshold',
  replyTone: 'Reply tone',
  replySignature: 'Reply signature',
  keywords: 'Keywords',
  subreddits: 'Subreddits',
  competitors: 'Competitors',
  webhooks: 'Webhooks',
};

interface FieldSchema {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  items?: FieldSchema;
  anyOf?: { const?: unknown }[];
}

/** What a field accepts, in a sentence, from the schema that refused it (not from the validator's words). */
function describeProblem(field: string, schema: FieldSchema, keyword: string, inItem: boolean): string {
  const label = LABELS[field] ?? field;
  const types = [schema.type ?? []].flat();
  const choices = schema.anyOf?.map((c) => c.const).filter((c) => typeof c === 'string');
  if (choices?.length) return `${label} must be one of ${choices.join(', ')}.`;
  if (types.includes('integer')) {
    return `${label} must be a whole number from ${schema.minimum} to ${schema.maximum}.`;
  }
  if (types.includes('array')) {
    if (keyword === 'maxItems') return `${label} may have at most ${schema.maxItems} entries.`;
    if (inItem) return `${label}: each entry must be text of 1 to ${schema.items?.maxLength} characters.`;
    return `${label} must be a list of text entries.`;
  }
  if (keyword === 'required' || keyword === 'minLength') return `${label} is required.`;
  if (keyword === 'maxLength') return `${label} must be at most ${schema.maxLength} characters.`;
  return `${label} must be text.`;
}

/**
 * Every field of `data` the object schema refuses, one sentence each (the first problem of a field). Unknown
 * fields are refused, not dropped: a misspelt `keyword` must not silently save a project without keywords.
 */
function shapeProblems(schema: TObject, data: object, at: string): FieldProblem[] {
  const known = Object.keys(schema.properties);
  const problems = new Map<string, string>();
  for (const e of Value.Errors(schema, data)) {
    const [field = '', ...rest] = e.instancePath.replace(/^\//, '').split('/');
    const required = (e.params as { requiredProperties?: string[] }).requiredProperties ?? [];
    for (const missing of required) {
      if (!problems.has(missing))
        problems.set(
          missing,
          describeProblem(missing, schema.properties[missing] as FieldSchema, 'required', false),
        );
    }
    if (!field || problems.has(field)) continue;
    problems.set(
      field,
      known.includes(field)
        ? describeProblem(field, schema.properties[field] as FieldSchema, e.keyword, rest.length > 0)
        : `"${field}" is not a project field; the fields are ${known.join(', ')}.`,
    );
  }
  return [...problems].map(([field, message]) => ({ field: `${at}${field}`, message }));
}

/**
 * A project as a client sent it (dashboard form or import entry, checked against `schema`), normalised; otherwise
 * InvalidFields naming every bad field at once. `at` prefixes field names (`/2/` for the third project of an
 * import file).
 */
export function parseProjectInput(data: unknown, at = '', schema: TObject = ProjectInput): CleanProject {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw invalid(`${at || 'the body'}: a project is a JSON object with at least a name`);
  }
  const problems = shapeProblems(schema, data, at);
  const refused = new Set(problems.map((p) => p.field));
  const input = data as ProjectInput;
  const check = (field: keyof ProjectInput, problem: () => string | null) => {
    if (refused.has(`${at}${field}`)) return;
    const message = problem();
    if (message) problems.push({ field: `${at}${field}`, message });
  };
  check('name', () => (input.name.trim() ? null : 'Name is required.'));
  check('url', () => {
    const url = cleanText(input.url);
    return url === null || normalizeUrl(url)
      ? null
      : `"${url}" is not a web address: write it as example.com or https://example.com.`;
  });
  check('replyTone', () =>
    input.replyTone === undefined || REPLY_TONES.includes(input.replyTone)
      ? null
      : `Reply tone must be one of ${REPLY_TONES.join(', ')}.`,
  );
  check('replySignature', () => {
    const signature = cleanText(input.replySignature);
    const problem = signature && signatureProblem(signature);
    return problem ? `Reply signature ${problem}.` : null;
  });
  check('subreddits', () => {
    for (const raw of input.subreddits ?? []) {
      const r = raw.trim() ? normalizeSubreddit(raw) : null;
      if (r && 'error' in r) return r.error;
    }
    return null;
  });
  if (problems.length) {
    // In the order of the form, so the first one named is the first field to fix.
    const rank = (p: FieldProblem) => {
      const i = Object.keys(schema.properties).indexOf(p.field.slice(at.length));
      return i === -1 ? Number.MAX_SAFE_INTEGER : i;
    };
    throw new InvalidFields(problems.sort((a, b) => rank(a) - rank(b)));
  }
  return normalizeProjectInput(input);
}

/** The checked input with every field present and normalised. */
function normalizeProjectInput(input: ProjectInput): CleanProject {
  const url = cleanText(input.url);
  const subreddits: string[] = [];
  for (const raw of input.subreddits ?? []) {
    const r = raw.trim() ? normalizeSubreddit(raw) : null;
    if (r && 'name' in r) subreddits.push(r.name);
  }
  return {
    name: input.name.trim().replace(/\s+/g, ' '),
    url: url && normalizeUrl(url),
    pain: cleanText(input.pain),
    solution: cleanText(input.solution),
    targetUsers: cleanText(input.targetUsers),
    geography: cleanText(input.geography),
    budgetFit: cleanText(input.budgetFit),
    scoreThreshold: input.scoreThreshold ?? null,
    replyTone: input.replyTone ?? 'plain',
    replySignature: cleanText(input.replySignature),
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
 * Everything the tier refuses in a change, one problem each, named by list (`/2/keywords`); `projects` is the number
 * of projects the account would have after the change.
 */
export function projectLimitProblems(
  limits: TierLimits | null,
  tier: string,
  change: { projects: number; lists: { project: CleanProject; at: string }[] },
): FieldProblem[] {
  if (!limits) return [];
  const problems: FieldProblem[] = [];
  if (limits.projects !== null && change.projects > limits.projects) {
    problems.push({
      field: '',
      message: `The ${tier} plan allows ${limits.projects} project${limits.projects === 1 ? '' : 's'}; this would make ${change.projects}. Delete a project first, or upgrade.`,
    });
  }
  for (const { project, at } of change.lists) {
    for (const [field, max] of Object.entries(listLimits(limits))) {
      const n = project[field as keyof ReturnType<typeof listLimits>].length;
      if (max !== null && n > max) {
        problems.push({
          field: `${at}${field}`,
          message: `${n} entered; the ${tier} plan allows ${max} per project. Remove ${n - max} to save.`,
        });
      }
    }
  }
  return problems;
}

/** Refuses, as forbidden and naming every list past the tier at once, a change the tier does not allow. */
export function checkProjectLimits(
  limits: TierLimits | null,
  tier: string,
  change: { projects: number; lists: { project: CleanProject; at: string }[] },
): void {
  const problems = projectLimitProblems(limits, tier, change);
  if (problems.length) {
    throw new AppError('forbidden', new InvalidFields(problems, 'forbidden').message);
  }
}
