// npm run eval [-- --check [--floors FILE]] [-- --verbose PROJECT]: the scorer against the labeled dev pairs, beside keyword count.
import { readFileSync } from 'node:fs';
import { scoreItem } from '../src/domain/scoring.ts';
import { evaluate, keywordCountScorer, loadEvalData, toItem } from './eval-lib.ts';

const args = process.argv.slice(2);
const floorsArg = args.indexOf('--floors');
const FLOORS_FILE =
  floorsArg >= 0 ? args[floorsArg + 1]! : new URL('../docs/eval-floors.json', import.meta.url);
const data = loadEvalData();
const ours = evaluate(data, scoreItem);
const base = evaluate(data, keywordCountScorer);

const f = (x: number | null) => (x === null ? '  -  ' : x.toFixed(3));
console.log('project      pairs  NDCG@10 (keyword)  P@10 (keyword)  sellers@10  stage acc (n)');
for (const [i, p] of ours.projects.entries()) {
  const b = base.projects[i]!;
  console.log(
    `${p.project.padEnd(12)} ${String(p.pairs).padStart(5)}  ${f(p.ndcg10)}   (${f(b.ndcg10)})    ${f(p.precision10)} (${f(b.precision10)})   ${String(p.sellersInTop10).padStart(3)} (${b.sellersInTop10})    ${f(p.stageAccuracy)} (${p.stagePairs})`,
  );
}
console.log(
  `${'mean'.padEnd(12)} ${' '.repeat(5)}  ${f(ours.ndcg10Mean)}   (${f(base.ndcg10Mean)})    ${f(ours.precision10Mean)} (${f(base.precision10Mean)})   max ${ours.maxSellersInTop10} (${base.maxSellersInTop10})  ${f(ours.stageAccuracy)}`,
);
console.log(
  `sellerSide (graded + by-tag): precision ${f(ours.seller.precision)} recall ${f(ours.seller.recall)} (tp ${ours.seller.tp}, fp ${ours.seller.fp}, fn ${ours.seller.fn})`,
);

const verbose = args.indexOf('--verbose');
if (verbose >= 0) {
  const key = args[verbose + 1];
  const project = data.projects.find((p) => p.key === key);
  if (project) {
    const rows = data.labels
      .filter((l) => l.project === key)
      .map((l) => ({
        l,
        post: data.posts.get(l.postId)!,
        s: scoreItem(toItem(data.posts.get(l.postId)!), project),
      }))
      .sort((a, b) => b.s.score - a.s.score);
    for (const r of rows) {
      console.log(
        `${String(r.s.score).padStart(3)} g${r.l.grade}${r.l.sellerSide ? 'S' : ' '} ${(r.s.stage ?? '-').padEnd(16)} ${(r.l.stage ?? '-').padEnd(16)} ${r.post.title.slice(0, 70)}\n      ${r.s.reason}`,
      );
    }
  }
}

if (args.includes('--check')) {
  const floors = JSON.parse(readFileSync(FLOORS_FILE, 'utf8')) as Record<string, number>;
  const actual: Record<string, number> = {
    ndcg10Mean: ours.ndcg10Mean,
    precision10Mean: ours.precision10Mean,
    stageAccuracy: ours.stageAccuracy,
    sellerPrecision: ours.seller.precision,
    sellerRecall: ours.seller.recall,
    minProjectNdcg10: Math.min(...ours.projects.map((p) => p.ndcg10)),
  };
  const failures = Object.entries(floors)
    .filter(([k]) => k !== 'maxSellersInTop10')
    .filter(([k, floor]) => !((actual[k] ?? -1) >= floor - 1e-9))
    .map(([k, floor]) => `${k} ${actual[k]?.toFixed(3)} is below its floor ${floor}`);
  if (floors.maxSellersInTop10 !== undefined && ours.maxSellersInTop10 > floors.maxSellersInTop10) {
    failures.push(
      `a project has ${ours.maxSellersInTop10} seller-side posts in its top 10 (allowed ${floors.maxSellersInTop10})`,
    );
  }
  if (failures.length) {
    console.error(`eval check failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('eval check passed: every figure is at or above its floor in docs/eval-floors.json');
}
