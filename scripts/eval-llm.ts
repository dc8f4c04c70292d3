// `npm run eval -- --llm`: the optional LLM phase measured on the labeled pairs, through the code a scan uses
// (`createLlmScorer(...).refine`: the same prompt, schema, pre-score and seller clamp). Every pair whose shipped
// score reaches LLM_PRESCORE goes to the configured OpenAI-compatible endpoint once; answers are kept in a
// PGlite database under ~/.cache/lead-intelligence/llm-eval/ (LLM_EVAL_CACHE_DIR), keyed by post, profile, model
// and prompt version, so a second run pays nothing. The planned number of calls is printed before any is made,
// and the run stops before calling when it is above --llm-max-calls (default 3,000).
import { mkdirSync } from 'node:fs';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import { openPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import type { LeadScore, ScoringItem } from '../src/domain/scoring.ts';
import { createLlmScorer } from '../src/scoring/llm.service.ts';
import { cacheDir, type EvalData, type EvalProject, type Group, type Scorer, toItem } from './eval-lib.ts';

export class LlmEvalError extends Error {}

export interface LlmEvalRun {
  /** The shipped scorer with the model's answers in place of the pairs it judged. */
  scorer: Scorer;
  /** Pairs at or above the pre-score (those the model judges), model calls made, answers read from the cache. */
  judged: number;
  calls: number;
  cached: number;
  /** Pairs whose local score was kept after a failed call, by error message. */
  errors: Map<string, number>;
  costUsd: number;
}

const keyOf = (project: string, item: Pick<ScoringItem, 'title' | 'body'>) =>
  `${project}\u0000${item.title}\u0000${item.body}`;

export async function runLlmPhase(
  data: EvalData,
  shipped: Scorer,
  opts: { groups: readonly Group[] | null; maxCalls: number; log: (s: string) => void },
): Promise<LlmEvalRun> {
  let config: ReturnType<typeof loadConfig>['llm'];
  try {
    config = loadConfig(process.env).llm;
  } catch (err) {
    if (err instanceof ConfigError) throw new LlmEvalError(err.message);
    throw err;
  }
  if (!config)
    throw new LlmEvalError(
      '--llm needs LLM_BASE_URL and LLM_MODEL (an OpenAI-compatible chat endpoint; LLM_API_KEY if it asks for one)',
    );
  const byKey = new Map(data.projects.map((p) => [p.key, p]));
  const pairs: { project: EvalProject; item: ScoringItem; local: LeadScore; postId: string }[] = [];
  for (const l of data.labels) {
    const project = byKey.get(l.project);
    const post = data.posts.get(l.postId);
    if (!project || !post) continue;
    if (opts.groups && !(project.group && opts.groups.includes(project.group))) continue;
    const item = toItem(post);
    const local = shipped(item, project);
    if (local.score >= config.preScore) pairs.push({ project, item, local, postId: post.id });
  }
  opts.log(
    `LLM phase: ${pairs.length} pairs reach LLM_PRESCORE ${config.preScore} and go to ${config.model} at ${config.baseUrl} (answers already cached cost nothing)`,
  );
  if (pairs.length > opts.maxCalls)
    throw new LlmEvalError(
      `${pairs.length} pairs would go to the model, more than --llm-max-calls ${opts.maxCalls}: raise it, or name fewer groups with --llm-groups`,
    );

  const dir = cacheDir('llm-eval', 'LLM_EVAL_CACHE_DIR');
  mkdirSync(dir, { recursive: true });
  const db = await openPglite(dir);
  try {
    await migrate(db);
    const llm = createLlmScorer({ db, config });
    const answers = new Map<string, LeadScore>();
    const errors = new Map<string, number>();
    let calls = 0;
    let cached = 0;
    let costUsd = 0;
    let done = 0;
    await Promise.all(
      pairs.map(async (p) => {
        const r = await llm.refine(p.item, p.project, p.local, `eval:${p.postId}`);
        if (r.call) {
          calls++;
          costUsd += r.call.costUsd ?? 0;
        }
        if (r.cached) cached++;
        if (r.error) errors.set(r.error, (errors.get(r.error) ?? 0) + 1);
        answers.set(keyOf(p.project.key, p.item), r.score);
        if (++done % 250 === 0) opts.log(`LLM phase: ${done} of ${pairs.length} pairs judged`);
      }),
    );
    return {
      scorer: (item, project) => answers.get(keyOf(project.key, item)) ?? shipped(item, project),
      judged: pairs.length,
      calls,
      cached,
      errors,
      costUsd,
    };
  } finally {
    await db.close();
  }
}
