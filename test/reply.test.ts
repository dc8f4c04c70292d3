import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { templateOf } from '../scripts/eval-lib.ts';
import { DEMO_PROJECT } from '../src/demo.ts';
import { productName } from '../src/domain/scoring/product-name.ts';
import { readQuestion } from '../src/domain/scoring/question.ts';
import { gerund, splitSolution } from '../src/domain/scoring/reply.ts';
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

const plainOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9$ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const count = (s: string, x: string) => s.split(x).length - 1;

describe('reply drafts', () => {
  for (const item of leads) {
    test(`"${item.title}": at most 100 words, the product only for a request and only disclosed`, () => {
      const reply = draftReply(item, profile);
      assert.ok(words(reply) <= 100, `${words(reply)} words`);
      assert.doesNotMatch(reply, /buy now|best in the market|sign up today|limited offer|!{2,}/i);
      // The first three ask for a product; a late payer and a passing thought ask for none.
      const asks = leads.indexOf(item) < 3;
      assert.equal(count(reply, 'InvoiceOwl'), asks ? 1 : 0, reply);
      assert.equal(count(reply, 'https://invoiceowl.example'), asks ? 1 : 0, reply);
      if (asks) {
        assert.ok(reply.indexOf('InvoiceOwl') > reply.length / 3, 'the product comes after the answer');
        const mention = reply.split(/(?<=[.?!])\s+/).find((x) => x.includes('InvoiceOwl'))!;
        assert.match(mention, /Disclosure|I work on|I'm on the team behind|I help build/, mention);
      }
    });
  }

  test('the draft answers the question first: a lead asking for alternatives hears about the tool it named', () => {
    const reply = draftReply(leads[1]!, profile);
    const first = reply.split(/(?<=[.?!])\s/)[0]!;
    assert.match(first, /FreshBooks/, reply);
  });

  test("a how-to question is said back in the author's words, as the replier says them", () => {
    const reply = draftReply(post('How do I get my clients to pay invoices on time?'), profile);
    assert.match(reply.split(/(?<=[.?!])\s/)[0]!, /get your clients to pay invoices on time/, reply);
  });

  test('deterministic, and never longer than 100 words even for a very long profile', () => {
    assert.equal(draftReply(leads[0]!, profile), draftReply(leads[0]!, profile));
    const wordy: ScoringProfile = {
      ...profile,
      solution: `Invoicing with ${Array.from({ length: 60 }, (_, i) => `feature number ${i}`).join(', ')}`,
    };
    const reply = draftReply(leads[0]!, wordy);
    assert.ok(words(reply) <= 100, `${words(reply)} words`);
    assert.equal(count(reply, 'InvoiceOwl'), 1);
  });

  test('a profile without url or solution still gets a plain, honest draft', () => {
    const bare: ScoringProfile = { ...profile, url: null, solution: null };
    const reply = draftReply(leads[0]!, bare);
    assert.equal(count(reply, 'InvoiceOwl'), 1);
    assert.doesNotMatch(reply, /null|undefined|\(\)/);
  });
});

describe('reply drafts for a service', () => {
  const studio: ScoringProfile = {
    name: 'Brightsite',
    url: 'https://brightsite.example',
    pain: 'Small businesses lose customers to slow, dated websites',
    solution: 'A small studio that designs, builds and maintains WordPress websites for small businesses',
    targetUsers: 'Owners of small businesses and shops',
    geography: null,
    budgetFit: '$1,500-6,000 per site',
    keywords: ['website', 'wordpress', 'web design'],
    competitors: ['Wix'],
  };
  const titles = [
    'Help with a website for my small bakery',
    'My shop website got hacked again',
    'Who should I hire to redo our restaurant website?',
    'Is Wix good enough for a plumbing business?',
    'Our website is slow and dated, what now?',
    'Need a new site before we open in March',
    'How much does a WordPress website cost for a small shop?',
    'Website redesign for a dental practice',
    'Looking for a web design studio near Denver',
    'Wix vs a custom WordPress site for my cafe?',
    'Our site looks bad on phones',
    'Any recommendations for a web designer?',
  ];

  test('a studio is named by what it does, only to those who ask for one, and judged on its work, not a trial', () => {
    const drafts = titles.map((title) =>
      draftReply({ ...post(title, 'We are a small business.'), subreddit: 'smallbusiness' }, studio),
    );
    for (const reply of drafts) {
      assert.doesNotMatch(reply, /studio that designs, builds|real use|feature list|every day/, reply);
      assert.ok(count(reply, 'Brightsite') <= 1, reply);
      assert.ok(words(reply) <= 100, reply);
    }
    // "Who should I hire …", "Looking for a web design studio …", "Any recommendations for a web designer?"
    const asking = [2, 8, 11].map((i) => drafts[i]!);
    for (const reply of asking) assert.equal(count(reply, 'Brightsite'), 1, reply);
    assert.match(asking.join(' '), /designing, building and maintaining WordPress websites/);
    // "My shop website got hacked again", "Our site looks bad on phones": help, no pitch.
    for (const i of [1, 10]) assert.equal(count(drafts[i]!, 'Brightsite'), 0, drafts[i]);
  });
});

describe('a service named by what it does', () => {
  test('verbs become gerunds as people write them; what is no verb falls back to the generic features', () => {
    const pairs: [string, string | null][] = [
      ['designs', 'designing'],
      ['runs', 'running'],
      ['plans', 'planning'],
      ['ships', 'shipping'],
      ['carries', 'carrying'],
      ['fixes', 'fixing'],
      ['manages', 'managing'],
      ['is', null],
      ['always', null],
    ];
    for (const [verb, want] of pairs) assert.equal(gerund(verb), want, verb);
    assert.deepEqual(splitSolution('An agency that runs Facebook ads for local shops'), {
      category: 'an agency',
      features: ['running Facebook ads'],
    });
    assert.deepEqual(splitSolution('A studio that sets up and manages your ads'), {
      category: 'a studio',
      features: ['setting up and managing your ads'],
    });
  });
});

describe('reading the question a reply answers first', () => {
  const cases: [string, string, ReturnType<typeof readQuestion>][] = [
    [
      'Can anyone recommend online booking system for a service based business?',
      '',
      { form: 'recommend', slot: 'an online booking system for a service based business' },
    ],
    [
      'Which booking software has the best no-show protection?',
      '',
      { form: 'recommend', slot: 'booking software with the best no-show protection' },
    ],
    [
      'What do you use for time tracking and invoicing?',
      '',
      { form: 'recommend', slot: 'tools for time tracking and invoicing' },
    ],
    [
      'Getting paid',
      'How do you more seasoned guys go about getting paid?',
      { form: 'how', slot: 'go about getting paid' },
    ],
    ['How do I track my hours?', '', { form: 'how', slot: 'track your hours' }],
    ['Is my landlord being reasonable?', '', { form: 'whether', slot: 'your landlord is being reasonable' }],
    [
      'Is my Land Lord being reasonable?',
      '',
      { form: 'whether', slot: 'your land lord is being reasonable' },
    ],
    [
      'Tools for analysing traffic patterns on a network?',
      '',
      { form: 'recommend', slot: 'tools for analysing traffic patterns on a network' },
    ],
    ['340K / 5 Unit / Multi-Family - Should I invest?', '', { form: 'whether', slot: 'to invest' }],
    ['Duplex vs single family?', '', { form: 'versus', slot: 'Duplex', other: 'single family' }],
    ['Anyone left Calendly? What did you move to?', '', { form: 'alternative', slot: 'Calendly' }],
    ['Any tips on negotiating for repairs?', '', { form: 'advice', slot: 'negotiating for repairs' }],
    ['Tenant broke the lease, what can I do?', '', { form: 'stuck', slot: null }],
    // A proposal weighed, not a product asked for (it read "On an idea: …").
    [
      'Replacing our receptionist with online booking - good idea?',
      '',
      { form: 'whether', slot: 'replacing your receptionist with online booking is a good idea' },
    ],
    // Nothing a reply can say back: a pointer ("do it"), a vague ask, a statement.
    ['Excel crashes with 374 files. How to do it?', '', null],
    ['Home Purchasing Process - Best Practices', '', null],
    ['Tenants moved out early...', '', null],
  ];
  for (const [title, body, expected] of cases)
    test(`"${title}${body ? ` / ${body}` : ''}"`, () =>
      assert.deepEqual(readQuestion({ title, body }), expected));
});

describe("what a draft takes from the post is the author's own", () => {
  const demo = { ...DEMO_PROJECT } as ScoringProfile;
  const draftsOf = (title: string, body: string) =>
    // Every variant a draft can take: the wording is picked by the post's text, so vary a word that changes nothing.
    ['', ' Thanks.', ' Cheers.', ' Any help appreciated.', ' Thanks all.', ' Ta.'].map((end) =>
      draftReply({ ...post(title, body + end), subreddit: 'salons' }, demo),
    );
  test('a day in a quoted text is no deadline', () => {
    for (const reply of draftsOf(
      'reminder text wording that cut our no-shows',
      '"Hi Sam, see u tomorrow at 2:30. Need to move it? Reply R." Short and friendly. What does yours say?',
    ))
      assert.doesNotMatch(reply, /tomorrow/i, reply);
  });
  test("the size told is the business's, counted as people count it", () => {
    const replies = draftsOf(
      'Booking software that understands 2 techs on one client',
      'Two techs, one client, same time. We are 7 staff and 7 techs. Looking for online booking that handles it.',
    );
    assert.ok(
      replies.some((r) => /\b7 (?:techs|staff)\b/.test(r)),
      replies.join('\n'),
    );
    for (const r of replies) {
      assert.doesNotMatch(r, /\b2 techs\b|staffs/, r);
    }
  });
  test("a competitor's price is no budget of the author's", () => {
    const item = {
      ...post(
        'Is Square Appointments worth it for a 2 chair shop?',
        'Square Appointments wants $85 a month once you add the text reminders. Is there cheaper booking software for tiny shops? Happy to pay for something good.',
      ),
      subreddit: 'Barber',
    };
    const lead = scoreItem(item, demo);
    assert.doesNotMatch(lead.reason ?? '', /\$85|above the product/, lead.reason ?? '');
    for (const reply of draftsOf(item.title, item.body)) assert.doesNotMatch(reply, /\$85/, reply);
  });
});

describe('reply drafts across a project', () => {
  // The demo project over the sample corpus: every item it would keep as a lead gets a draft.
  const demo = { ...DEMO_PROJECT };
  const leadItems = readFileSync(new URL('../sample/corpus.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { title: string; body: string; subreddit: string; parentId?: string })
    .map(
      (r): ScoringItem => ({
        kind: r.parentId ? 'comment' : 'post',
        title: r.title,
        body: r.body ?? '',
        subreddit: r.subreddit,
        author: null,
      }),
    )
    .filter((item) => {
      const text = `${item.title} ${item.body}`.toLowerCase();
      return demo.keywords.some((k) => text.includes(k.toLowerCase()));
    })
    .map((item) => ({ item, lead: scoreItem(item, demo) }))
    .filter(({ lead }) => lead.score >= demo.scoreThreshold && !lead.sellerSide);
  const drafts = leadItems.map(({ item, lead }) => draftReply(item, demo, lead));
  const profileText = [
    demo.name,
    demo.url,
    demo.pain,
    demo.solution,
    demo.targetUsers,
    ...demo.keywords,
    ...demo.competitors,
  ].join(' ');
  /** Each draft's sentences as templates: the words its post and the profile gave it masked (the eval's measure). */
  const templates = leadItems.map(({ item }, i) => {
    const own = new Set(plainOf(`${item.title} ${item.body} ${profileText}`).split(' '));
    return drafts[i]!.split(/(?<=[.?!)])\s+/).map((x) => templateOf(x, own));
  });
  const share = (keys: string[]) => {
    const n = new Map<string, number>();
    for (const k of keys) n.set(k, (n.get(k) ?? 0) + 1);
    return Math.max(...n.values()) / keys.length;
  };
  const plain = plainOf;

  test('there are enough drafts to judge (the demo project finds dozens of leads)', () => {
    assert.ok(drafts.length >= 30, `${drafts.length} drafts`);
  });

  test('no opening is shared by more than a tenth of the drafts, and none is a stock phrase', () => {
    const openings = drafts.map((d) => plain(d).split(' ').slice(0, 4).join(' '));
    assert.ok(
      share(openings) <= 0.1,
      `most common opening in ${(share(openings) * 100).toFixed(0)}% of drafts`,
    );
    // As templates too: "For <the post's words>, I'd ..." in every draft is one opening, whatever fills the slot.
    const openingTemplates = templates.map((t) => t[0]!.split(' ').slice(0, 4).join(' '));
    assert.ok(
      share(openingTemplates) <= 0.1,
      `most common opening template in ${(share(openingTemplates) * 100).toFixed(0)}% of drafts`,
    );
    assert.ok(drafts.every((d) => !/^(?:that sounds frustrating|great question)/i.test(d)));
  });

  test("a new project's first dozen drafts, kept apart by the project's recent choices, share no opening or sentence", () => {
    // The scanner passes each project's recent choices; with a dozen drafts a tenth is one, so nothing may repeat.
    const recent: string[] = [];
    const first = leadItems.slice(0, 12);
    const few = first.map(({ item, lead }) => draftReply(item, demo, lead, recent));
    const fewTemplates = first.map(({ item }, i) => {
      const own = new Set(plainOf(`${item.title} ${item.body} ${profileText}`).split(' '));
      return few[i]!.split(/(?<=[.?!)])\s+/).map((x) => templateOf(x, own));
    });
    const openings = fewTemplates.map((t) => t[0]!.split(' ').slice(0, 4).join(' '));
    assert.equal(new Set(openings).size, openings.length, openings.join(' | '));
    const counts = new Map<string, number>();
    for (const x of fewTemplates.flatMap((ts) => [...new Set(ts)])) counts.set(x, (counts.get(x) ?? 0) + 1);
    const [worst, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    assert.equal(count, 1, `"${worst}" in ${count} of ${few.length} drafts`);
    // Without the project's choices the same posts draft as before: the list only steers, per project.
    assert.equal(draftReply(first[0]!.item, demo, first[0]!.lead), drafts[0]);
  });

  test('verbs agree with the features they name ("How much do deposits matter", "7 staff")', () => {
    for (const d of drafts)
      assert.doesNotMatch(
        d,
        /\b(?:deposits|reminders) (?:is|does|matters)\b|\bdoes (?:deposits|sms reminders)\b|\bstaffs\b/i,
        d,
      );
  });

  test('no sentence is shared by more than a tenth of the drafts', () => {
    const sentences = drafts.flatMap((d) => [...new Set(d.split(/(?<=[.?!)])\s+/).map(plain))]);
    const n = new Map<string, number>();
    for (const s of sentences) n.set(s, (n.get(s) ?? 0) + 1);
    const [worst, count] = [...n].sort((a, b) => b[1] - a[1])[0]!;
    assert.ok(count / drafts.length <= 0.1, `"${worst}" in ${count} of ${drafts.length} drafts`);
    const t = new Map<string, number>();
    for (const x of templates.flatMap((ts) => [...new Set(ts)])) t.set(x, (t.get(x) ?? 0) + 1);
    const [worstT, countT] = [...t].sort((a, b) => b[1] - a[1])[0]!;
    assert.ok(countT / drafts.length <= 0.1, `template "${worstT}" in ${countT} of ${drafts.length} drafts`);
  });

  test('the product named at most once, by the name a person says, with its url, in at most 100 words', () => {
    for (const d of drafts) {
      assert.ok(words(d) <= 100, d);
      assert.ok(count(d, 'ChairTime') <= 1, d);
      assert.equal(count(d, 'https://chairtime.example'), count(d, 'ChairTime'), d);
      assert.doesNotMatch(d, /Demo:/);
    }
    // Named in the drafts for posts that ask for booking software, not in all.
    const named = drafts.filter((d) => d.includes('ChairTime')).length;
    assert.ok(named > 0 && named < drafts.length, `${named} of ${drafts.length}`);
  });
});

describe('the product a draft names', () => {
  const cases: [name: string, url: string | null, said: string][] = [
    ['BookWell', null, 'BookWell'],
    ['BookWell', 'https://bookwell.example', 'BookWell'],
    ['Acme: invoicing for plumbers', null, 'Acme'],
    ['Acme: invoicing for plumbers', 'https://www.acme.example/plumbers', 'Acme'],
    ['Invoicely | Invoices', null, 'Invoicely'],
    ['Invoices | Invoicely', 'https://app.invoicely.co.uk', 'Invoicely'],
    ['Acme CRM - pipelines for agencies', null, 'Acme CRM'],
    ['Audit: salon booking B', null, 'Audit: salon booking B'],
    ['Audit: salon booking B', 'https://booking.example', 'Audit: salon booking B'],
    ['Audit: salon booking B', 'https://chairtime.example', 'Audit: salon booking B'],
    ['Demo: ChairTime salon booking', 'https://chairtime.example', 'ChairTime'],
    ['Demo: ChairTime salon booking', null, 'ChairTime salon booking'],
    ['Test - BookWell', null, 'BookWell'],
    ['PipeLane CRM', 'https://pipelane.example', 'PipeLane'],
  ];
  for (const [name, url, said] of cases) {
    test(`"${name}"${url ? ` at ${url}` : ''} is said "${said}"`, () => {
      assert.equal(productName({ name, url }), said);
    });
  }

  test('a draft discloses the whole name, not a fragment, when no part of it is the product', () => {
    const draft = draftReply(leads[0]!, { ...profile, name: 'Audit: salon booking B', url: null });
    assert.equal(count(draft, 'Audit: salon booking B'), 1, draft);
    assert.doesNotMatch(draft, /(?:part of|work on|behind|make|with) salon booking B/, draft);
  });
});

describe('a solution however it is written', () => {
  const cases: [string, string[]][] = [
    // Verb clauses: each clause is a feature, its verb a gerund; the "and" inside a clause stays.
    [
      'Tracks income per appointment and tips, scans receipts for supplies and mileage, and produces tax-ready reports',
      [
        'tracking income per appointment and tips',
        'scanning receipts for supplies and mileage',
        'producing tax-ready reports',
      ],
    ],
    [
      'Monitors your websites every minute, alerts you by SMS and Slack, and publishes a status page',
      ['monitoring your websites every minute', 'alerting you by SMS and Slack', 'publishing a status page'],
    ],
    [
      'Lets landlords collect rent online, screen tenants and track maintenance requests.',
      ['collecting rent online', 'screening tenants', 'tracking maintenance requests'],
    ],
    // Sentences, a relative clause, who does the work, a noun list with and without a head.
    [
      'Helps dog walkers schedule walks. Sends clients photo updates after each walk.',
      ['scheduling walks', 'sending clients photo updates after each walk'],
    ],
    [
      'A mobile app that reminds patients of appointments and collects copays.',
      ['reminding patients of appointments', 'collecting copays'],
    ],
    [
      'A tax preparation service for the self-employed: a CPA files your return, estimates quarterly taxes and finds deductions for a flat fee',
      ['filing your return', 'estimating quarterly taxes', 'finding deductions'],
    ],
    [
      'CRM for wedding photographers — contracts, invoices, and a client portal',
      ['contracts', 'invoices', 'client portal'],
    ],
    [
      'Online ordering, pickup scheduling and deposit collection for custom cake orders',
      ['online ordering', 'pickup scheduling', 'deposit collection for custom cake orders'],
    ],
    // Prices, terms and how-it-works steps are no features; "$5,000" is one number.
    [
      'A small-business lender: working-capital loans and lines of credit from $5,000 to $250,000, decided in two days',
      ['working-capital loans'],
    ],
    // An adjective phrase is how it is, not a thing it offers ("which offers a private by design" read wrong).
    [
      'A keyboard app for Android: gesture typing, learning predictions, themes and a clipboard, private by design',
      ['gesture typing', 'learning predictions', 'themes', 'clipboard'],
    ],
  ];
  for (const [solution, features] of cases)
    test(solution, () => assert.deepEqual(splitSolution(solution).features, features));
});

describe('drafts for a product the drafter was not written against', () => {
  // A bookkeeping app for dog groomers, its solution written as verb clauses, over the salon posts of the demo corpus.
  const pawledger: ScoringProfile = {
    name: 'PawLedger: bookkeeping for dog groomers',
    url: 'https://pawledger.example',
    pain: 'Groomers lose track of tips, supply receipts and mileage, and tax time is a scramble',
    solution:
      'Tracks income per appointment and tips, scans receipts for supplies and mileage, and produces tax-ready reports',
    targetUsers: 'Independent and mobile dog groomers',
    geography: null,
    budgetFit: null,
    keywords: ['bookkeeping', 'taxes', 'quickbooks', 'invoice', 'software', 'app', 'payments', 'receipts'],
    competitors: [],
  };
  const corpus = readFileSync(new URL('../sample/corpus.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { title: string; body: string; subreddit: string })
    .map((r): ScoringItem => ({ ...post(r.title, r.body ?? ''), subreddit: r.subreddit }));
  const variants = (item: ScoringItem) =>
    ['', ' Thanks.', ' Cheers.', ' Any help appreciated.', ' Thanks all.', ' Ta.'].map((end) => ({
      ...item,
      body: item.body + end,
    }));
  /** Words a sentence cannot hold: a list cut mid-way ("on and produces", "scans receipts …, first"). */
  const FRAGMENT =
    /\b(?:on|at|about|of|in|is|with) and\b|\b(?:and|on|at|of|about) (?:tracks|scans|produces)\b|offers (?:a |an )?(?:supplies|mileage)\b|\ba mileage\b|\btips, scans\b|\bmileage, (?:first|the deciding|before|can|than|on each|would|every|is|are)\b|\b(?:make|check|at|on|about|test|in) (?:supplies|mileage)\b/i;

  test('a solution of verb clauses gives drafts without fragments', () => {
    for (const solution of [
      pawledger.solution!,
      // The same written with "with": it was cut into "supplies", "mileage" and "and produces tax-ready reports".
      'Tracks income per appointment and tips, scans receipts with supplies and mileage, and produces tax-ready reports',
    ])
      for (const item of corpus)
        for (const v of variants(item).slice(0, 2)) {
          const draft = draftReply(v, { ...pawledger, solution });
          assert.doesNotMatch(draft, FRAGMENT, draft);
        }
  });

  test('"1,200 clients" is read as 1,200', () => {
    const drafts = variants(
      post(
        'Moving off Calendly, which booking software imports clients?',
        'We are importing about 1,200 clients from Calendly and need the history to come across.',
      ),
    ).map((v) => draftReply(v, pawledger));
    for (const d of drafts) assert.doesNotMatch(d, /(?<![\d,])200 clients/, d);
    assert.ok(
      drafts.some((d) => d.includes('1,200 clients')),
      drafts.join('\n'),
    );
  });

  test('a post asking for a product of another kind hears advice and no pitch', () => {
    const waitlist = post(
      'Booking software that fills cancellations from a waitlist?',
      'Barber here. When someone cancels I want the slot offered to the waitlist automatically.',
    );
    for (const v of variants(waitlist)) {
      const draft = draftReply(v, pawledger);
      assert.doesNotMatch(draft, /PawLedger|built for cases like yours|one to compare/, draft);
      // Software asked for: no advice for hiring an agency.
      assert.doesNotMatch(draft, /final files|number of revisions|who exactly will do the work/, draft);
    }
  });

  test('advice follows what the post asks for: software for a service profile, a person for a product', () => {
    const studio = {
      ...pawledger,
      name: 'Brightsite',
      url: null,
      solution: 'A small studio that designs, builds and maintains WordPress websites',
    };
    for (const v of variants(post('Which booking software has the best no-show protection?')))
      assert.doesNotMatch(
        draftReply(v, studio),
        /final files|number of revisions|who exactly will do the work|providers/,
      );
    const hire = variants(
      post('Need to hire a bookkeeper for my grooming business', 'Mobile groomer, 300 clients.'),
    );
    assert.ok(
      hire.some((v) =>
        /past projects|references|in writing|revisions|who exactly|the scope of the work|turnaround/.test(
          draftReply(v, pawledger),
        ),
      ),
    );
  });
});
