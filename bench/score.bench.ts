// npm run bench:score: local scorer throughput (items per second on one core) over ../shared/data/reddit-posts.jsonl
// for the ten dev projects, beside the keyword-count placeholder it replaced. Each item is scored for every project,
// as a scan does for the projects that matched it: its text and language signals are read once (read.ts). The keyword
// count is the one of 2026-11-22 (a regex per keyword), kept as it was: pure string work, a yardstick of the machine's
// speed across sessions (the eval's keyword ordering now matches as a scan does, scripts/eval-lib.ts).
import { cpus, loadavg } from 'node:os';
import { loadEvalData, type Scorer, SHARED_GROUPS, toItem } from '../scripts/eval-lib.ts';
import { compileProfile, itemText, profileTexts, scoreItem } from '../src/domain/scoring.ts';
import { createEmbedder } from '../src/scoring/embedder.ts';

const all = loadEvalData();
// The ten shared dev profiles (groups A and B), so figures compare across sessions as our own groups grow.
const data = { ...all, projects: all.projects.filter((p) => p.group && SHARED_GROUPS.includes(p.group)) };
const items = [...data.posts.values()].map(toItem);
const chars = items.reduce((n, i) => n + i.title.length + i.body.length, 0);

/** Items per second of wall time and per second of this process's CPU time (the figure on a shared machine). */
function run(scorer: Scorer, rounds: number): { perSecond: number; perCpuSecond: number; checksum: number } {
  let checksum = 0;
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) {
    for (const project of data.projects) for (const item of items) checksum += scorer(item, project).score;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const n = rounds * data.projects.length * items.length;
  return { perSecond: n / seconds, perCpuSecond: n / cpuSeconds, checksum };
}

/** How many times the project's keywords occur, as regexes of whole words (the yardstick, unchanged). */
const keywordCountScorer: Scorer = (item, profile) => {
  const text = `${item.title}\n${item.body}`.toLowerCase();
  let n = 0;
  for (const k of profile.keywords) {
    const re = new RegExp(
      `(?<![a-z0-9])${k.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z0-9])`,
      'g',
    );
    n += text.match(re)?.length ?? 0;
  }
  return { score: n, stage: null, reason: null, sellerSide: false, matchedPhrase: null };
};

const compileStart = process.hrtime.bigint();
for (const p of data.projects) compileProfile({ ...p });
const compileMs = Number(process.hrtime.bigint() - compileStart) / 1e6 / data.projects.length;

run(scoreItem, 1); // warm-up: JIT and the stem cache
const ours = run(scoreItem, 3);
// A caller that rebuilds the profile object per item (from a database row) hits the content-keyed cache.
const fresh = run((item, profile) => scoreItem(item, { ...profile }), 1);
// An item read for one project only (a new item object per call): no text or language signals to reuse.
const single = run((item, profile) => scoreItem({ ...item }, profile), 1);
run(keywordCountScorer, 1);
const base = run(keywordCountScorer, 3);

console.log(`machine: ${cpus()[0]?.model ?? 'unknown'} (${cpus().length} cores), node ${process.version}`);
console.log(
  `items: ${items.length} posts x ${data.projects.length} projects, mean ${Math.round(chars / items.length)} chars`,
);
console.log(`profile compile: ${compileMs.toFixed(2)} ms per profile (once per profile object)`);
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
console.log(
  `load average: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} (wall-clock figures suffer when it exceeds the cores)`,
);
console.log(
  `local scorer:  ${fmt(ours.perSecond)} items/s wall, ${fmt(ours.perCpuSecond)} items per CPU-second`,
);
console.log(`  a new profile object per item: ${fmt(fresh.perCpuSecond)} items per CPU-second`);
console.log(
  `  each item read for one project only (no reuse across projects): ${fmt(single.perCpuSecond)} items per CPU-second`,
);
console.log(
  `keyword count: ${fmt(base.perSecond)} items/s wall, ${fmt(base.perCpuSecond)} items per CPU-second`,
);
console.log(`ratio scorer/keyword count (wall): ${(ours.perSecond / base.perSecond).toFixed(2)}`);
console.log(
  `target 20,000 items/s per core: ${ours.perCpuSecond >= 20_000 ? 'met' : 'NOT met'} (per CPU-second)`,
);

// The meaning stage (docs/decisions/0094-meaning-stage.md): encoding is paid once per post, whatever the number of
// projects; the stage's own arithmetic per pair is a few dot products over the vectors.
const ENCODED = 256;
const sample = items.filter((_, i) => i % Math.floor(items.length / ENCODED) === 0).slice(0, ENCODED);
const embedder = createEmbedder();
await embedder.embed(['warm-up']);
const encodeCpu = process.cpuUsage();
const encodeStart = process.hrtime.bigint();
const postVectors = await embedder.embed(sample.map(itemText));
const encodeSeconds = Number(process.hrtime.bigint() - encodeStart) / 1e9;
const encodeUsed = process.cpuUsage(encodeCpu);
const encodeCpuSeconds = (encodeUsed.user + encodeUsed.system) / 1e6;
const profileVectors = new Map<unknown, Float32Array[]>();
for (const p of data.projects) profileVectors.set(p, await embedder.embed(profileTexts(p)));
const pairs = (withVectors: boolean, rounds: number) => {
  const cpu = process.cpuUsage();
  let checksum = 0;
  for (let r = 0; r < rounds; r++)
    for (const project of data.projects)
      sample.forEach((item, i) => {
        checksum += scoreItem(
          item,
          project,
          withVectors ? { post: postVectors[i]!, profile: profileVectors.get(project)! } : undefined,
        ).score;
      });
  const used = process.cpuUsage(cpu);
  return {
    perCpuSecond: (rounds * data.projects.length * sample.length) / ((used.user + used.system) / 1e6),
    checksum,
  };
};
pairs(true, 5);
const withMeaning = pairs(true, 40);
const without = pairs(false, 40);
console.log(
  `meaning stage: encoding ${fmt(ENCODED / encodeCpuSeconds)} posts per CPU-second (${((encodeCpuSeconds / ENCODED) * 1000).toFixed(1)} ms each; ${fmt(ENCODED / encodeSeconds)} per second wall), once per post`,
);
console.log(
  `  scoring with the vectors given: ${fmt(withMeaning.perCpuSecond)} pairs per CPU-second (${fmt(without.perCpuSecond)} without, same ${ENCODED} posts)`,
);
const perPost = (projects: number) => 1 / (encodeCpuSeconds / ENCODED + projects / withMeaning.perCpuSecond);
console.log(
  `  end to end, encoding included: ${fmt(perPost(1))} new posts per CPU-second for one matching project, ${fmt(perPost(10) * 10)} pairs per CPU-second when ten projects match each post`,
);
