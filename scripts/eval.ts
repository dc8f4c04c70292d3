// npm run eval [-- --check [--floors FILE]] [-- --local] [-- --verbose PROJECT] [-- --llm [--llm-groups D,E]
// [--llm-max-calls N]] (the optional LLM phase, scripts/eval-llm.ts): the scorer against the labeled
// pairs of every group, beside keyword count, then with the meaning stage (the sentence encoder's vectors, cached
// in ~/.cache/lead-intelligence/meaning/; --local skips it); --check compares the figures with
// docs/eval-floors.json (CI runs it).
import { readFileSync } from 'node:fs';
import {
  applyTriage,
  compileTriage,
  draftReply,
  scoreItem,
  type TriageMemory,
} from '../src/domain/scoring.ts';
import {
  type FitProject,
  FOUNDER_GROUPS,
  FOUNDER_HELD_OUT,
  fitFigures,
  fitLine,
  fitProjectLine,
  flattenFit,
  loadCategories,
  loadFounderData,
  summarizeFit,
} from './eval-fit.ts';
import {
  checkReplies,
  type EvalProject,
  evaluate,
  type Figures,
  GROUPS,
  type Group,
  HELD_OUT,
  keywordCountScorer,
  loadEvalData,
  rankProject,
  type Scorer,
  SHARED_GROUPS,
  type Summary,
  simulateTriage,
  toItem,
} from './eval-lib.ts';
import { LlmEvalError, type LlmEvalRun, runLlmPhase } from './eval-llm.ts';
import { meaningLookup } from './meaning-lib.ts';

const started = performance.now();
const args = process.argv.slice(2);
const floorsArg = args.indexOf('--floors');
const FLOORS_FILE =
  floorsArg >= 0 ? args[floorsArg + 1]! : new URL('../docs/eval-floors.json', import.meta.url);
const data = loadEvalData();
const founder = loadFounderData(data);
const ours = evaluate(data, scoreItem);
const base = evaluate(data, keywordCountScorer);
// The shipped scorer: the local one moved by the meaning stage (posts the eval has no vector for stay local).
const lookup = args.includes('--local')
  ? null
  : await meaningLookup(
      [...data.labels, ...(founder?.data.labels ?? [])].map((l) => toItem(data.posts.get(l.postId)!)),
      [...data.projects, ...(founder?.data.projects ?? [])],
    );
const shipped: Scorer = lookup
  ? (item, project) => scoreItem(item, project, lookup(item, project))
  : scoreItem;
const meaning = lookup ? evaluate(data, shipped) : null;

/** The mean of a figure over the held-out (or the developed) groups measured, among `only` when given; null if none. */
function groupMean(
  fig: Figures,
  held: boolean,
  of: 'ndcg10Mean' | 'stageAccuracy' = 'ndcg10Mean',
  only: readonly string[] | null = null,
): number | null {
  const gs = GROUPS.filter(
    (g) => fig.groups[g] && HELD_OUT.includes(g) === held && (!only || only.includes(g)),
  );
  return gs.length ? gs.reduce((a, g) => a + fig.groups[g]![of], 0) / gs.length : null;
}

const f = (x: number | null | undefined) => (x === null || x === undefined ? '  -  ' : x.toFixed(3));
console.log('project      group pairs  NDCG@10 (keyword)  P@10 (keyword)  sellers@10  stage acc (n)');
for (const [i, p] of ours.perProject.entries()) {
  const b = base.perProject[i]!;
  console.log(
    `${p.project.padEnd(12)} ${(p.group ?? '-').padEnd(5)} ${String(p.pairs).padStart(5)}  ${f(p.ndcg10)}   (${f(b.ndcg10)})    ${f(p.precision10)} (${f(b.precision10)})   ${String(p.sellersInTop10).padStart(3)} (${b.sellersInTop10})    ${f(p.stageAccuracy)} (${p.stagePairs})`,
  );
}
const line = (name: string, s: Summary, k: Summary) =>
  console.log(
    `${name.padEnd(9)} NDCG@10 ${f(s.ndcg10Mean)} (keyword ${f(k.ndcg10Mean)}, min ${f(s.minProjectNdcg10)})  P@10 ${f(s.precision10Mean)} (${f(k.precision10Mean)})  sellers@10 max ${s.maxSellersInTop10}  stage acc ${f(s.stageAccuracy)}  seller P ${f(s.seller.precision)} R ${f(s.seller.recall)} (tp ${s.seller.tp}, fp ${s.seller.fp}, fn ${s.seller.fn})`,
  );
console.log('');
for (const g of GROUPS)
  if (ours.groups[g] && base.groups[g]) line(`group ${g}`, ours.groups[g]!, base.groups[g]!);
line('all (A+B)', ours, base);
if (data.ownSellers.length)
  console.log(
    `sellerSide, our set (${ours.sellerOwn.tp + ours.sellerOwn.fn} sellers of ${data.ownSellers.length}, developed on): precision ${f(ours.sellerOwn.precision)} recall ${f(ours.sellerOwn.recall)} (tp ${ours.sellerOwn.tp}, fp ${ours.sellerOwn.fp}, fn ${ours.sellerOwn.fn})`,
  );
for (const split of ['dev', 'check'] as const) {
  const rows = data.splitSellers.filter((t) => t.split === split);
  const x = ours.sellerSplit[split];
  if (rows.length)
    console.log(
      `sellerSide, second set, ${split} half (${x.tp + x.fn} sellers of ${rows.length}, ${split === 'dev' ? 'developed on' : 'never read'}): precision ${f(x.precision)} recall ${f(x.recall)} (tp ${x.tp}, fp ${x.fp}, fn ${x.fn})`,
    );
}
console.log(
  `sellerSide graded + by-tag (${ours.sellerWithTags.tp + ours.sellerWithTags.fn} sellers): precision ${f(ours.sellerWithTags.precision)} recall ${f(ours.sellerWithTags.recall)} (tp ${ours.sellerWithTags.tp}, fp ${ours.sellerWithTags.fp}, fn ${ours.sellerWithTags.fn})`,
);

if (meaning) {
  console.log('\nwith the meaning stage (the local scorer above, moved by the sentence encoder):');
  for (const g of GROUPS)
    if (meaning.groups[g] && ours.groups[g])
      console.log(
        `  group ${g}  NDCG@10 ${f(ours.groups[g]!.ndcg10Mean)} -> ${f(meaning.groups[g]!.ndcg10Mean)}  P@10 ${f(ours.groups[g]!.precision10Mean)} -> ${f(meaning.groups[g]!.precision10Mean)}  sellers@10 max ${meaning.groups[g]!.maxSellersInTop10}  stage acc ${f(meaning.groups[g]!.stageAccuracy)}`,
      );
  console.log(
    `  held-out groups, mean NDCG@10 ${f(groupMean(ours, true))} -> ${f(groupMean(meaning, true))}; developed groups ${f(groupMean(ours, false))} -> ${f(groupMean(meaning, false))}; all (A+B) ${f(ours.ndcg10Mean)} -> ${f(meaning.ndcg10Mean)}`,
  );
  console.log(
    `  stage accuracy, mean of the held-out groups ${f(groupMean(meaning, true, 'stageAccuracy'))}; developed groups ${f(groupMean(meaning, false, 'stageAccuracy'))}; all (A+B) ${f(meaning.stageAccuracy)}`,
  );
}

if (args.includes('--llm')) {
  const groupsArg = args.indexOf('--llm-groups');
  const maxArg = args.indexOf('--llm-max-calls');
  const groups =
    groupsArg >= 0 ? (args[groupsArg + 1] ?? '').split(',').map((g) => g.trim().toUpperCase()) : null;
  const unknown = groups?.filter((g) => !(GROUPS as readonly string[]).includes(g)) ?? [];
  const maxCalls = maxArg >= 0 ? Number(args[maxArg + 1]) : 3000;
  if (unknown.length || (groups && !groups.length) || !Number.isInteger(maxCalls) || maxCalls < 0) {
    console.error(
      `--llm-groups takes a comma-separated list of ${GROUPS.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}; --llm-max-calls a whole number`,
    );
    process.exit(2);
  }
  let run: LlmEvalRun;
  try {
    run = await runLlmPhase(data, shipped, {
      groups: groups as Group[] | null,
      maxCalls,
      log: (s) => console.error(s),
    });
  } catch (err) {
    if (!(err instanceof LlmEvalError)) throw err;
    console.error(`eval --llm: ${err.message}`);
    process.exit(2);
  }
  const before = meaning ?? ours;
  const llm = evaluate(data, run.scorer);
  console.log(
    `\nwith the LLM phase (${run.judged} pairs judged by the model: ${run.calls} calls, ${run.cached} from the cache, ${[...run.errors.values()].reduce((a, b) => a + b, 0)} kept the local score after an error; $${run.costUsd.toFixed(4)}):`,
  );
  for (const [error, n] of run.errors) console.log(`  error (${n} pairs): ${error}`);
  for (const g of GROUPS)
    if (llm.groups[g] && before.groups[g] && (!groups || groups.includes(g)))
      console.log(
        `  group ${g}  NDCG@10 ${f(before.groups[g]!.ndcg10Mean)} -> ${f(llm.groups[g]!.ndcg10Mean)}  P@10 ${f(before.groups[g]!.precision10Mean)} -> ${f(llm.groups[g]!.precision10Mean)}  sellers@10 max ${llm.groups[g]!.maxSellersInTop10}  seller P ${f(llm.groups[g]!.seller.precision)} R ${f(llm.groups[g]!.seller.recall)}  stage acc ${f(llm.groups[g]!.stageAccuracy)}`,
      );
  const mean = (fig: Figures, held: boolean) => groupMean(fig, held, 'ndcg10Mean', groups);
  console.log(
    `  held-out groups, mean NDCG@10 ${f(mean(before, true))} -> ${f(mean(llm, true))}; developed groups ${f(mean(before, false))} -> ${f(mean(llm, false))}`,
  );
}

const triage = simulateTriage(
  data,
  scoreItem,
  (project, posts) => compileTriage(project, posts),
  (score, item, memory) => applyTriage(score, item, memory as TriageMemory | null),
);
const triageMean = (g?: string) => {
  const rows = triage.filter((t) => (g ? t.group === g : t.group && SHARED_GROUPS.includes(t.group)));
  const m = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
  return { before: m(rows.map((t) => t.before)), after: m(rows.map((t) => t.after)) };
};
console.log(
  `\nsimulated triage (top-10 grade 0-1 marked not a fit, rescored): ${triage.map((t) => `${t.project} ${f(t.before)}->${f(t.after)} (${t.marked})`).join(', ')}`,
);
for (const g of [...GROUPS, undefined]) {
  if (g && !triage.some((t) => t.group === g)) continue;
  const t = triageMean(g);
  console.log(`  ${g ? `group ${g}` : 'all (A+B)'}  NDCG@10 before ${f(t.before)} after ${f(t.after)}`);
}

// Drafted in rank order, each project keeping its recent openings as the scanner does (time order there).
const recentOpenings = new Map<string, string[]>();
const replies = checkReplies(data, scoreItem, (item, profile, lead) => {
  const recent = recentOpenings.get(profile.key) ?? [];
  recentOpenings.set(profile.key, recent);
  return draftReply(item, profile, lead, recent);
});
const worstOf = (rows: typeof replies) => ({
  drafts: rows.reduce((a, r) => a + r.drafts, 0),
  repeatedOpeningShare: Math.max(...rows.map((r) => r.repeatedOpeningShare)),
  maxSentenceShare: Math.max(...rows.map((r) => r.maxSentenceShare)),
  maxWords: Math.max(...rows.map((r) => r.maxWords)),
  productOnceShare: Math.min(...rows.map((r) => r.productOnceShare)),
  productShare:
    rows.reduce((a, r) => a + r.productShare * r.drafts, 0) / (rows.reduce((a, r) => a + r.drafts, 0) || 1),
});
// The checked figures are the shared groups' (the floors were set on them); ours are printed beside them.
const groupOf = new Map(data.projects.map((p) => [p.key, p.group]));
const isShared = (key: string) => SHARED_GROUPS.includes(groupOf.get(key)!);
const replyAll = worstOf(replies.filter((r) => isShared(r.project)));
const replyOwn = replies.some((r) => !isShared(r.project))
  ? worstOf(replies.filter((r) => !isShared(r.project)))
  : null;
console.log(
  `\nreply drafts (every non-seller pair): ${replies.map((r) => `${r.project} ${r.drafts} (open ${f(r.repeatedOpeningShare)}, sentence ${f(r.maxSentenceShare)}, ${r.maxWords} words)`).join(', ')}`,
);
console.log(
  `  worst project (A+B): repeated openings ${f(replyAll.repeatedOpeningShare)}, most shared sentence ${f(replyAll.maxSentenceShare)}, longest ${replyAll.maxWords} words, product at most once and disclosed ${f(replyAll.productOnceShare)}, named in ${f(replyAll.productShare)} of drafts`,
);
if (replyOwn)
  console.log(
    `  worst project (our groups): repeated openings ${f(replyOwn.repeatedOpeningShare)}, most shared sentence ${f(replyOwn.maxSentenceShare)}, longest ${replyOwn.maxWords} words, product at most once and disclosed ${f(replyOwn.productOnceShare)}, named in ${f(replyOwn.productShare)} of drafts`,
  );

// Fit (docs/scoring.md, "Fit on founder-style profiles"): per group, A+B, and the founder-style groups; a project's
// own line only for developed projects (held-out rows are not read).
const categories = loadCategories();
const heldOutProject = (p: EvalProject) =>
  (p.group ? HELD_OUT.includes(p.group) : false) ||
  FOUNDER_HELD_OUT.includes(founder?.groupOf.get(p.key) ?? 'FD');
/** The fit figures of a scorer by group name ("A", …, "all", "FD", "FH", "FND", "FNH"). */
function fitGroups(scorer: Scorer): Map<string, FitProject[]> {
  const rows = fitFigures(data, data, scorer, categories, heldOutProject);
  const out = new Map<string, FitProject[]>();
  const groupOf = new Map(data.projects.map((p) => [p.key, p.group]));
  for (const g of GROUPS) {
    const rs = rows.filter((r) => groupOf.get(r.project) === g);
    if (rs.length) out.set(g, rs);
  }
  out.set(
    'all',
    rows.filter((r) => SHARED_GROUPS.includes(groupOf.get(r.project)!)),
  );
  if (founder) {
    const frows = fitFigures(founder.data, data, scorer, categories, heldOutProject);
    for (const g of FOUNDER_GROUPS) {
      const rs = frows.filter((r) => founder.groupOf.get(r.project) === g);
      if (rs.length) out.set(g, rs);
    }
  }
  return out;
}
const fitOurs = fitGroups(scoreItem);
const fitShipped = meaning ? fitGroups(shipped) : null;
console.log(`\nfit at the threshold (${meaning ? 'with the meaning stage' : 'local scorer'}):`);
for (const [g, rows] of fitShipped ?? fitOurs)
  console.log(fitLine(g === 'all' ? 'all (A+B)' : `group ${g}`, summarizeFit(rows)));
if (args.includes('--fit-projects'))
  for (const [g, rows] of fitShipped ?? fitOurs)
    if (g !== 'all' && !(FOUNDER_HELD_OUT as readonly string[]).includes(g) && !HELD_OUT.includes(g as Group))
      for (const r of rows) console.log(fitProjectLine(r));

const verbose = args.indexOf('--verbose');
if (verbose >= 0) {
  const key = args[verbose + 1];
  const inFounder = founder?.data.projects.find((p) => p.key === key);
  const project = inFounder ?? data.projects.find((p) => p.key === key);
  if (project) {
    for (const r of rankProject(inFounder ? founder!.data : data, project, shipped)) {
      console.log(
        `${String(r.score.score).padStart(3)} g${r.label.grade}${r.label.sellerSide ? 'S' : ' '}${r.score.sellerSide ? 's' : ' '} ${(r.score.stage ?? '-').padEnd(16)} ${(r.label.stage ?? '-').padEnd(16)} ${r.post.id} ${r.post.title.slice(0, 70)}\n      ${r.score.reason}`,
      );
    }
  }
}

console.log(`\neval run time ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** Every checked figure by its name in the floors file ("A.ndcg10Mean", "all.seller.recall", ...). */
function flatten(fig: Figures): Record<string, number> {
  const out: Record<string, number> = {};
  const put = (prefix: string, s: Summary) => {
    out[`${prefix}.ndcg10Mean`] = s.ndcg10Mean;
    out[`${prefix}.minProjectNdcg10`] = s.minProjectNdcg10;
    out[`${prefix}.precision10Mean`] = s.precision10Mean;
    out[`${prefix}.stageAccuracy`] = s.stageAccuracy;
    out[`${prefix}.sellerPrecision`] = s.seller.precision;
    out[`${prefix}.sellerRecall`] = s.seller.recall;
    out[`${prefix}.maxSellersInTop10`] = s.maxSellersInTop10;
  };
  for (const g of GROUPS) if (fig.groups[g]) put(g, fig.groups[g]!);
  put('all', fig);
  for (const g of GROUPS) out[`triage.${g}.ndcg10After`] = triageMean(g).after;
  out['triage.all.ndcg10After'] = triageMean().after;
  out['replies.maxRepeatedOpeningShare'] = replyAll.repeatedOpeningShare;
  out['replies.maxSentenceShare'] = replyAll.maxSentenceShare;
  out['replies.maxWords'] = replyAll.maxWords;
  out['replies.productOnceShare'] = replyAll.productOnceShare;
  out['withTags.sellerPrecision'] = fig.sellerWithTags.precision;
  out['withTags.sellerRecall'] = fig.sellerWithTags.recall;
  out['ownSellers.precision'] = fig.sellerOwn.precision;
  out['ownSellers.recall'] = fig.sellerOwn.recall;
  for (const [g, rows] of fig === ours ? fitOurs : (fitShipped ?? fitOurs))
    Object.assign(out, flattenFit(`fit.${g}`, summarizeFit(rows)));
  for (const split of ['dev', 'check'] as const) {
    out[`splitSellers.${split}Precision`] = fig.sellerSplit[split].precision;
    out[`splitSellers.${split}Recall`] = fig.sellerSplit[split].recall;
  }
  return out;
}

if (args.includes('--check')) {
  const floors = JSON.parse(readFileSync(FLOORS_FILE, 'utf8')) as Record<string, Record<string, number>>;
  // The "meaning" section bounds the shipped scorer's figures ("meaning": {"D.ndcg10Mean": …}); every other one
  // the local scorer's, which is also the fallback when the encoder is off.
  const actual = flatten(ours);
  if (meaning)
    for (const [k, v] of Object.entries(flatten(meaning)))
      if (!k.startsWith('triage.') && !k.startsWith('replies.')) actual[`meaning.${k}`] = v;
  const failures: string[] = [];
  if (!meaning && floors.meaning) {
    console.log('meaning floors not checked (--local)');
    delete floors.meaning;
  }
  for (const [section, figures] of Object.entries(floors)) {
    for (const [name, bound] of Object.entries(figures)) {
      const key = `${section}.${name}`;
      const value = actual[key];
      // Figures whose own name starts with "max" ("meaning.L.maxSellersInTop10" too) are ceilings; every other
      // figure is a floor.
      const ceiling = key.split('.').at(-1)!.startsWith('max');
      if (value === undefined) failures.push(`${key} is not a figure the eval reports`);
      else if (ceiling ? value > bound : value < bound - 1e-9)
        failures.push(
          `${key} ${value.toFixed(3)} is ${ceiling ? 'above its ceiling' : 'below its floor'} ${bound}`,
        );
    }
  }
  if (failures.length) {
    console.error(`eval check failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('eval check passed: every figure is within its bound in docs/eval-floors.json');
}
