// node scripts/reply-sample.ts [OUT]: 60 reply drafts for a blind read (issue 33), written as JSON to OUT
// (default: stdout). Six profiles of different fields, three from each shared dev set; per profile the 10
// highest-scoring posts of the shared corpus that the local scorer does not read as the selling side (ties by post
// id), drafted in rank order with one list of recent choices per project, as a scan drafts them. Deterministic: the
// same code gives the same file, and a draft's id is its project and post, so drafts before and after a change pair up.
import { writeFileSync } from 'node:fs';
import { draftReply, scoreItem } from '../src/domain/scoring.ts';
import { type EvalProject, loadEvalData, toItem } from './eval-lib.ts';

/** Booking software, invoicing software, refurbished laptops; spreadsheet reports, a logo studio, property management. */
const PROFILES = ['bookwell', 'invoiceowl', 'refurbdesk', 'sheetpilot', 'logoforge', 'propdesk'];
const PER_PROFILE = 10;

export interface SampleDraft {
  id: string;
  project: string;
  projectName: string;
  postTitle: string;
  postBody: string;
  subreddit: string;
  draft: string;
}

export function sampleDrafts(): SampleDraft[] {
  const data = loadEvalData();
  const posts = [...data.posts.values()];
  const out: SampleDraft[] = [];
  for (const key of PROFILES) {
    const project = data.projects.find((p) => p.key === key) as EvalProject | undefined;
    if (!project) throw new Error(`no eval profile ${key}`);
    const ranked = posts
      .map((post) => ({ post, score: scoreItem(toItem(post), project) }))
      .filter((r) => !r.score.sellerSide)
      .sort((a, b) => b.score.score - a.score.score || (a.post.id < b.post.id ? -1 : 1))
      .slice(0, PER_PROFILE);
    const recent: string[] = [];
    for (const { post, score } of ranked)
      out.push({
        id: `${key}:${post.id}`,
        project: key,
        projectName: project.name,
        postTitle: post.title,
        postBody: post.body ?? '',
        subreddit: post.subreddit,
        draft: draftReply(toItem(post), project, score, recent),
      });
  }
  return out;
}

const json = `${JSON.stringify(sampleDrafts(), null, 2)}\n`;
const target = process.argv[2];
if (target) writeFileSync(target, json);
else process.stdout.write(json);
