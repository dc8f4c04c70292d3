import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { draftReply, type ScoringItem, type ScoringProfile, scoreItem } from '../src/domain/scoring.ts';

const profile: ScoringProfile = {
  name: 'InvoiceOwl',
  url: 'https://invoiceowl.example',
  pain: 'Freelancers chase late payments and lose billable hours to manual invoicing',
  solution: 'Invoicing with time tracking, online payments and automatic late-payment reminders',
  targetUsers: 'Freelancers and one-person agencies',
  geography: null,
  budgetFit: 'under $20 per month',
  keywords: ['invoice', 'invoicing', 'time tracking', 'late payment'],
  competitors: ['FreshBooks', 'QuickBooks'],
};

const post = (title: string, body = ''): ScoringItem => ({
  kind: 'post',
  title,
  body,
  subreddit: 'freelance',
  author: 'a',
});

const leads: ScoringItem[] = [
  post('What do you use for time tracking and invoicing?', 'New freelancer, need something simple.'),
  post('FreshBooks alternatives? It is too expensive for me', 'I only send 5 invoices a month.'),
  post('Ready to buy invoicing software, budget $15/month', 'Need it before the end of the month.'),
  post('Client has not paid my invoice in 60 days', "I'm tired of chasing late payment emails."),
  post('Random thought about invoices', ''),
];

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const count = (s: string, x: string) => s.split(x).length - 1;

describe('reply drafts', () => {
  for (const item of leads) {
    test(`"${item.title}": under 120 words, one honest product mention, the need first`, () => {
      const reply = draftReply(item, profile);
      assert.ok(words(reply) < 120, `${words(reply)} words`);
      assert.equal(count(reply, 'InvoiceOwl'), 1, reply);
      assert.equal(count(reply, 'https://invoiceowl.example'), 1, reply);
      assert.ok(reply.indexOf('InvoiceOwl') > reply.length / 3, 'the product comes after the answer');
      assert.doesNotMatch(reply, /buy now|best in the market|sign up today|limited offer|!{2,}/i);
      const matched = scoreItem(item, profile).matchedPhrase;
      if (matched)
        assert.ok(reply.toLowerCase().includes(matched.toLowerCase()), `mentions "${matched}": ${reply}`);
    });
  }

  test('the draft answers by stage: a comparing lead hears about the competitor it named', () => {
    const reply = draftReply(leads[1]!, profile);
    assert.match(reply, /FreshBooks/);
    assert.match(reply, /alternatives/);
  });

  test('deterministic, and never longer than 120 words even for a very long profile', () => {
    assert.equal(draftReply(leads[0]!, profile), draftReply(leads[0]!, profile));
    const wordy: ScoringProfile = {
      ...profile,
      solution: `Invoicing with ${Array.from({ length: 60 }, (_, i) => `feature number ${i}`).join(', ')}`,
    };
    const reply = draftReply(leads[0]!, wordy);
    assert.ok(words(reply) < 120, `${words(reply)} words`);
    assert.equal(count(reply, 'InvoiceOwl'), 1);
  });

  test('a profile without url or solution still gets a plain, honest draft', () => {
    const bare: ScoringProfile = { ...profile, url: null, solution: null };
    const reply = draftReply(leads[0]!, bare);
    assert.equal(count(reply, 'InvoiceOwl'), 1);
    assert.doesNotMatch(reply, /null|undefined|\(\)/);
  });
});
