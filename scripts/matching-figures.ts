// node scripts/matching-figures.ts [--rules]: what the keyword rules (src/domain/matching.ts) find on the labelled
// sets that matching keywords as written did not. Each project's candidates are its labelled posts (the pairs the
// eval ranks, scripts/eval-lib.ts), picked when they were graded from the posts of its subreddits naming a keyword or
// a competitor; so a graded post the old matcher misses is one only a competitor, or a variant, named. Per group and
// overall: graded posts (grade >= 1, and >= 2) found now and missed before, grade-0 posts added, any lost; and the
// unlabelled posts of the project's subreddits matched before and after (how much the candidate set grows).
// --rules also compares other rules over all groups: which forms of a word, joins, the window, one sentence.
import { readFileSync } from 'node:fs';
import stem from 'wink-porter2-stemmer';
import { pluralOf, singularOf, wordForms, writtenForm } from '../src/domain/keyword-forms.ts';
import {
  compileMatcher,
  EXACT_RULES,
  KEYWORD_RULES,
  type MatchRules,
  matchText,
  tokenize,
} from '../src/domain/matching.ts';
import { DEFAULT_SCORE_THRESHOLD } from '../src/domain/scoring/types.ts';
import { scoreItem } from '../src/domain/scoring.ts';
import { type EvalProject, GROUPS, loadEvalData, type Post, toItem } from './eval-lib.ts';

const data = loadEvalData();
const posts = [...data.posts.values()];
const textOf = (p: Post) => matchText({ kind: 'post', title: p.title, body: p.body ?? '' });
const texts = new Map(posts.map((p) => [p.id, textOf(p)]));
const inSubreddits = (project: EvalProject) => {
  const subs = new Set(project.subreddits.map((s) => s.toLowerCase()));
  return posts.filter((p) => subs.has(p.subreddit.toLowerCase()));
};

interface Row {
  pairs: number;
  before: number;
  after: number;
  graded1: number;
  graded2: number;
  zero: number;
  lost: number;
  lostGraded: number;
  poolBefore: number;
  poolAfter: number;
  /** Of those, the ones the local scorer puts at the default threshold or above: before, and among the added. */
  poolBeforeLeads: number;
  poolAdded: number;
  poolAddedLeads: number;
}
const empty = (): Row => ({
  pairs: 0,
  before: 0,
  after: 0,
  graded1: 0,
  graded2: 0,
  zero: 0,
  lost: 0,
  lostGraded: 0,
  poolBefore: 0,
  poolAfter: 0,
  poolBeforeLeads: 0,
  poolAdded: 0,
  poolAddedLeads: 0,
});

const scores = new Map<string, number>();
/** The local scorer's score of the post for the project (no meaning stage), computed once. */
function scoreOf(project: EvalProject, post: Post): number {
  const key = `${project.key}/${post.id}`;
  let s = scores.get(key);
  if (s === undefined) {
    s = scoreItem(toItem(post), project).score;
    scores.set(key, s);
  }
  return s;
}
const isLead = (project: EvalProject, post: Post) => scoreOf(project, post) >= DEFAULT_SCORE_THRESHOLD;

/** The figures of one project under the rules, against the keywords matched as written. */
function measure(project: EvalProject, rules: MatchRules): Row {
  const sets = [{ id: 'p', keywords: project.keywords }];
  const before = compileMatcher(sets, EXACT_RULES);
  const after = compileMatcher(sets, rules);
  const row = empty();
  const labelled = new Set<string>();
  for (const l of data.labels) {
    if (l.project !== project.key) continue;
    labelled.add(l.postId);
    const text = texts.get(l.postId)!;
    const was = before.match(text).size > 0;
    const is = after.match(text).size > 0;
    row.pairs++;
    if (was) row.before++;
    if (is) row.after++;
    if (is && !was) {
      if (l.grade >= 1) row.graded1++;
      if (l.grade >= 2) row.graded2++;
      if (l.grade === 0) row.zero++;
    }
    if (was && !is) {
      row.lost++;
      if (l.grade >= 1) row.lostGraded++;
    }
  }
  for (const p of inSubreddits(project)) {
    if (labelled.has(p.id)) continue;
    const text = texts.get(p.id)!;
    const was = before.match(text).size > 0;
    const is = after.match(text).size > 0;
    if (was) row.poolBefore++;
    if (is) row.poolAfter++;
    if (was && isLead(project, p)) row.poolBeforeLeads++;
    if (is && !was) {
      row.poolAdded++;
      if (isLead(project, p)) row.poolAddedLeads++;
    }
  }
  return row;
}

function add(a: Row, b: Row): Row {
  const out = empty();
  for (const k of Object.keys(out) as (keyof Row)[]) out[k] = a[k] + b[k];
  return out;
}

const pct = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)}%` : '-');
const cells = (r: Row) =>
  `${r.pairs} | ${r.before} → ${r.after} | +${r.graded1} | +${r.graded2} | +${r.zero} | ${r.lost} (${r.lostGraded}) | ${r.poolBefore} → ${r.poolAfter} (+${pct(r.poolAfter - r.poolBefore, r.poolBefore)}) | ${pct(r.poolBeforeLeads, r.poolBefore)} / ${pct(r.poolAddedLeads, r.poolAdded)} |`;
const HEAD =
  '| pairs | labelled posts matched, before → after | graded ≥ 1 found now | graded ≥ 2 found now | grade 0 added | lost (graded) | unlabelled posts of its subreddits matched | of which at the default threshold: before / added |';

function table(rules: MatchRules): Row {
  console.log(`| group | profiles ${HEAD}`);
  console.log(`|---|---:${'|---:'.repeat(8)}|`);
  let all = empty();
  for (const g of GROUPS) {
    const ps = data.projects.filter((p) => p.group === g);
    if (!ps.length) continue;
    const row = ps.map((p) => measure(p, rules)).reduce(add, empty());
    all = add(all, row);
    console.log(`| ${g} | ${ps.length} | ${cells(row)}`);
  }
  console.log(`| all | ${data.projects.length} | ${cells(all)}`);
  return all;
}

console.log(
  `matching figures ${new Date().toISOString()}: ${data.projects.length} profiles, ${data.labels.length} labelled pairs`,
);
console.log('');
table(KEYWORD_RULES);

if (process.argv.includes('--rules')) {
  const inflectable = (w: string) => /^[a-z]{3,}$/.test(w);
  const bothWays = (w: string) =>
    inflectable(w) ? [w, ...singularOf(w), ...(singularOf(w).length ? [] : pluralOf(w))] : [w];
  const oneWay = (w: string) => (inflectable(w) && !singularOf(w).length ? [w, ...pluralOf(w)] : [w]);
  // A base form's -ed and -ing forms ("invoice" -> "invoiced", "invoicing"; "plan" -> "planned", "planning").
  const verbForms = (w: string, alone: boolean): string[] => {
    const forms = [...wordForms(w, alone)];
    if (!inflectable(w) || singularOf(w).length || /(?:ing|ed)$/.test(w)) return forms;
    if (w.endsWith('ie')) forms.push(`${w.slice(0, -2)}ying`, `${w}d`);
    else if (w.endsWith('e') && !/(?:ee|ye|oe)$/.test(w)) forms.push(`${w.slice(0, -1)}ing`, `${w}d`);
    else if (/[^aeiou]y$/.test(w)) forms.push(`${w}ing`, `${w.slice(0, -1)}ied`);
    else forms.push(`${w}ing`, `${w}ed`);
    if (/[^aeiou][aeiou][bdgklmnprtz]$/.test(w)) forms.push(`${w}${w.at(-1)}ing`, `${w}${w.at(-1)}ed`);
    return forms;
  };
  // Also the other way: an -ing or -ed keyword word matches its base ("booking" ~ "book", "books").
  const lemma = (w: string, alone: boolean) => {
    const bases = [w];
    const m = /^(.{3,}?)(?:ing|ed)$/.exec(w);
    if (m) {
      const b = m[1]!;
      bases.push(b, `${b}e`);
      if (/(.)\1$/.test(b)) bases.push(b.slice(0, -1));
    }
    return [...new Set(bases.flatMap((b) => verbForms(b, alone)))];
  };
  // Porter2 stems, as forms: every word of the corpus with the same stem (on this corpus, the same as stemming).
  const byStem = new Map<string, Set<string>>();
  for (const text of texts.values())
    for (const t of tokenize(text)) {
      if (!/^[a-z]+$/.test(t)) continue;
      const st = stem(t);
      byStem.set(st, (byStem.get(st) ?? new Set<string>()).add(t));
    }
  const porter = (w: string) => [w, ...(byStem.get(stem(w)) ?? [])];
  const variants: [string, MatchRules][] = [
    ['as written (before)', EXACT_RULES],
    ['shipped: plurals, joins, gap 3, one sentence', KEYWORD_RULES],
    [
      'plurals both ways (a one-word plural keyword matches its singular too)',
      { ...KEYWORD_RULES, forms: bothWays },
    ],
    [
      'plurals one way (singular keyword words match their plurals, never back)',
      { ...KEYWORD_RULES, forms: oneWay },
    ],
    ['plus verb forms (-ed, -ing of base words)', { ...KEYWORD_RULES, forms: verbForms }],
    ['plus verb forms both ways (-ing keyword words match their base)', { ...KEYWORD_RULES, forms: lemma }],
    ['Porter2 stems', { ...KEYWORD_RULES, forms: porter }],
    ['no other forms (joins and window only)', { ...KEYWORD_RULES, forms: writtenForm }],
    ['no joins', { ...KEYWORD_RULES, joins: false }],
    ['gap 0 (side by side, any order)', { ...KEYWORD_RULES, gap: 0 }],
    ['gap 1', { ...KEYWORD_RULES, gap: 1 }],
    ['gap 2', { ...KEYWORD_RULES, gap: 2 }],
    ['gap 4', { ...KEYWORD_RULES, gap: 4 }],
    ['gap 6', { ...KEYWORD_RULES, gap: 6 }],
    ['gap 10', { ...KEYWORD_RULES, gap: 10 }],
    ['gap 3 across sentences', { ...KEYWORD_RULES, sentence: false }],
  ];
  console.log('');
  console.log(`| rules (all groups) ${HEAD}`);
  console.log(`|---${'|---:'.repeat(8)}|`);
  for (const [name, rules] of variants) {
    const row = data.projects.map((p) => measure(p, rules)).reduce(add, empty());
    console.log(`| ${name} | ${cells(row)}`);
  }
}

// The shared data's own note on how candidates were picked, for the reader of the figures.
const readme = readFileSync(new URL('../../shared/eval/README.md', import.meta.url), 'utf8');
const note = /The candidate posts[^\n]*/.exec(readme)?.[0];
if (note) console.log(`\n${note}`);
