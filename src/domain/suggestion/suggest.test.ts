import assert from 'node:assert/strict';
import { test } from 'node:test';
import { competitorsIn } from './competitors.ts';
import { readProduct, suggestProfile } from './suggest.ts';
import type { ProductText } from './types.ts';

const page = (over: Partial<ProductText>): ProductText => ({
  url: 'https://acme.example/',
  title: null,
  siteName: null,
  description: null,
  socialTitle: null,
  socialDescription: null,
  blocks: [],
  offers: [],
  userDescription: null,
  ...over,
});

test('competitors: "alternative to X", "X alternative", "vs X", "switching from X", "unlike X", never the product', () => {
  assert.deepEqual(
    competitorsIn(
      [
        'The simple alternative to FreshBooks and QuickBooks',
        'Switching from 7shifts or When I Work?',
        'Acme vs Pingdom',
        'Unlike Bench or a generalist accountant',
        'A UK alternative to Acme',
        'Import from Xero, FreshBooks or a CSV',
      ],
      'Acme',
    ),
    ['FreshBooks', 'QuickBooks', '7shifts', 'When I Work', 'Pingdom', 'Bench', 'Xero'],
  );
});

test('a page: the name from the title and host, the tagline as solution, the pain, buyers, price, keywords', () => {
  const text = page({
    title: 'Acme – Automatic invoice reminders for freelancers | Pricing',
    description: 'Acme sends invoice reminders so freelancers and small agencies get paid on time.',
    blocks: [
      { kind: 'heading', level: 1, text: 'Stop chasing late payments' },
      { kind: 'paragraph', level: 0, text: 'Unpaid invoices and overdue invoices hurt your cash flow.' },
      { kind: 'heading', level: 2, text: 'Payment reminders that sound like you' },
      { kind: 'paragraph', level: 0, text: 'Invoice reminders go out before and after the due date.' },
      { kind: 'paragraph', level: 0, text: 'Free for 3 invoices. Pro is $9 per month.' },
    ],
  });
  const s = suggestProfile(readProduct(text));
  assert.equal(s.name, 'Acme');
  assert.equal(
    s.solution,
    'Automatic invoice reminders for freelancers. Sends invoice reminders so freelancers and small agencies get paid on time',
  );
  assert.match(s.pain ?? '', /^Stop chasing late payments/);
  assert.equal(s.targetUsers, 'Freelancers');
  assert.equal(s.budgetFit, 'free plan, paid from $9 per month');
  assert.ok(s.keywords.includes('late payments'), s.keywords.join(', '));
  assert.ok(s.keywords.includes('invoice reminders'), s.keywords.join(', '));
  assert.ok(!s.keywords.some((k) => /pricing|acme/i.test(k)), s.keywords.join(', '));
});

test('stored posts keep out a phrase that matches a large share of them', () => {
  const read = readProduct(
    page({
      title: 'Acme – Booking software for salons',
      blocks: [
        { kind: 'paragraph', level: 0, text: 'Deposits and booking reminders for salons. No more no-shows.' },
      ],
    }),
  );
  const without = suggestProfile(read).keywords;
  assert.ok(without.includes('no-shows'), without.join(', '));
  const crowded = suggestProfile(read, (p) => ({
    matches: p === 'no-shows' ? 300 : 2,
    items: 1000,
  })).keywords;
  assert.ok(!crowded.includes('no-shows'), crowded.join(', '));
});

test('a paragraph: the sentence naming the product is the solution, its buyers after "for", no verb as a keyword', () => {
  const s = suggestProfile(
    readProduct(
      page({
        url: null,
        userDescription:
          'InvoiceSnap sends invoices and automatic payment reminders for freelance photographers, so they get paid on time without chasing clients. Works with Stripe and PayPal; $12 per month. Alternative to FreshBooks and HoneyBook.',
      }),
    ),
  );
  assert.equal(s.name, 'InvoiceSnap');
  assert.match(
    s.solution ?? '',
    /^Sends invoices and automatic payment reminders for freelance photographers/,
  );
  assert.equal(s.targetUsers, 'Freelance photographers');
  assert.match(s.pain ?? '', /chasing clients/i);
  assert.doesNotMatch(s.pain ?? '', /Stripe/);
  assert.ok(!s.keywords.includes('works'), s.keywords.join(', '));
  assert.deepEqual(s.competitors, ['FreshBooks', 'HoneyBook']);
  assert.equal(s.budgetFit, 'from $12 per month');
});
