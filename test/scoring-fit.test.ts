import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  DEFAULT_SCORE_THRESHOLD,
  itemText,
  profileTexts,
  type ScoringItem,
  type ScoringProfile,
  scoreItem,
} from '../src/domain/scoring.ts';
import { createEmbedder } from '../src/scoring/embedder.ts';

// Fit (issue 33): a request for someone else's product is no lead, however much it reads as a request. The case
// a new user tried: invoicing for freelance photographers, written as a founder writes it ("software" among the
// keywords, QuickBooks as the competitor), over the demo corpus, whose salons ask for booking software. Scored on
// the shipped path: the local scorer moved by the meaning stage with the real sentence encoder. A todo until the fit
// mechanism is built (docs/decisions/0122-fit-measured-at-the-threshold.md): today one salon request reaches 44
// ("Leaving commission for a suite: booking app recommendations?", rules fit 0.30),
// lifted by the meaning stage, and node:test reports the failure without failing the run.
const photographers: ScoringProfile = {
  name: 'SnapBill',
  url: null,
  pain: 'Freelance photographers chase clients for unpaid shoots and lose hours writing invoices',
  solution:
    'Invoicing software for freelance photographers: quotes, invoices, deposits and payment reminders',
  targetUsers: 'Freelance photographers: wedding, portrait and event photographers',
  geography: null,
  budgetFit: null,
  keywords: [
    'invoice',
    'invoicing',
    'software',
    'app',
    'photographer',
    'photography business',
    'late payment',
  ],
  competitors: ['QuickBooks', 'HoneyBook'],
};

const salonPosts: ScoringItem[] = readFileSync(new URL('../sample/corpus.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { title: string; body: string; subreddit: string; author: string })
  .filter((p) => /\bsalons?\b/i.test(`${p.title} ${p.body}`))
  .map((p) => ({
    kind: 'post',
    title: p.title,
    body: p.body ?? '',
    subreddit: p.subreddit,
    author: p.author,
  }));

test('photographers’ invoicing: no salon post of the demo corpus is a lead', {
  todo: 'issue 33: the fit mechanism is only begun (a keyword in passing is not lifted to the threshold)',
}, async () => {
  assert.ok(salonPosts.length >= 20, `the demo corpus has its salon posts (${salonPosts.length})`);
  const embedder = createEmbedder();
  const profile = await embedder.embed(profileTexts(photographers));
  const posts = await embedder.embed(salonPosts.map(itemText));
  const leads = salonPosts
    .map((item, i) => ({
      title: item.title,
      ...scoreItem(item, photographers, { post: posts[i]!, profile }),
    }))
    .filter((s) => s.score >= DEFAULT_SCORE_THRESHOLD);
  assert.deepEqual(
    leads.map((l) => `${l.score} ${l.title}`),
    [],
  );
});
