// npm exec -- node scripts/fresh-pool.ts [KEY ...] [--full]: the candidate pool of each fresh founder-style profile
// (eval/projects-fresh.json), the posts graded for it in eval/labels-fresh.jsonl: every corpus post the shipped
// scorer (the local scorer moved by the meaning stage, as `npm run eval` scores) puts at 40 or above, its top 30,
// and the top 30 by a plain keyword count (occurrences of the profile's keywords, whole words). The meaning stage
// is computed for the posts the local scorer puts at 10 or above and its top 400 (encoding all 15,329 posts would
// take long); the others keep their local score. Prints one line per post (--full: the title and the whole body).
import { readFileSync } from 'node:fs';
import { scoreItem } from '../src/domain/scoring.ts';
import { type EvalProject, type Post, toItem } from './eval-lib.ts';
import { meaningLookup } from './meaning-lib.ts';

const args = process.argv.slice(2);
const full = args.includes('--full');
const only = args.filter((a) => !a.startsWith('--'));
const projects = (
  JSON.parse(readFileSync(new URL('../eval/projects-fresh.json', import.meta.url), 'utf8')) as EvalProject[]
).filter((p) => !only.length || only.includes(p.key));
const posts = readFileSync(new URL('../../shared/data/reddit-posts.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Post);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function keywordCount(post: Post, project: EvalProject): number {
  const text = `${post.title}\n${post.body ?? ''}`;
  return project.keywords.reduce(
    (n, k) => n + (text.match(new RegExp(`(?<![\\w])${escapeRegExp(k)}(?![\\w])`, 'gi'))?.length ?? 0),
    0,
  );
}

for (const project of projects) {
  const local = posts.map((post) => ({ post, score: scoreItem(toItem(post), project).score }));
  const candidates = [...local]
    .sort((a, b) => b.score - a.score)
    .filter((r, i) => r.score >= 10 || i < 400)
    .map((r) => r.post);
  const lookup = await meaningLookup(candidates.map(toItem), [project]);
  const inCandidates = new Set(candidates);
  const rows = local.map(({ post, score }) => ({
    post,
    score: inCandidates.has(post)
      ? scoreItem(toItem(post), project, lookup(toItem(post), project)).score
      : score,
    count: keywordCount(post, project),
  }));
  const byScore = [...rows].sort((a, b) => b.score - a.score);
  const byCount = [...rows].sort((a, b) => b.count - a.count || b.score - a.score);
  const pool = new Set([
    ...byScore.filter((r) => r.score >= 40),
    ...byScore.slice(0, 30),
    ...byCount.slice(0, 30),
  ]);
  console.log(
    `# ${project.key}: ${pool.size} posts (${byScore.filter((r) => r.score >= 40).length} at 40 or above)`,
  );
  for (const r of byScore.filter((x) => pool.has(x))) {
    console.log(`${project.key}\t${r.post.id}\t${r.score}\t${r.count}\t${r.post.subreddit}\t${r.post.title}`);
    if (full) console.log(`${(r.post.body ?? '').trim()}\n----`);
  }
}
