import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compilePhraseIndex, startKeys } from '../src/domain/scoring/phrase-index.ts';
import {
  compileProfile,
  type ScoringItem,
  type ScoringProfile,
  scoreItem,
  toLeadScore,
} from '../src/domain/scoring.ts';

const booking: ScoringProfile = {
  name: 'SlotBook',
  url: 'https://slotbook.example',
  pain: 'Salons and studios lose clients to phone tag, double bookings and no-shows',
  solution: 'Online booking page with automatic reminders, deposits and a shared staff calendar',
  targetUsers: 'Owners of small service businesses: salons, studios, clinics, tutors',
  geography: null,
  budgetFit: 'under $50 per month',
  keywords: ['booking', 'appointments', 'scheduling', 'no-shows', 'calendar'],
  competitors: ['Calendly', 'Acuity', 'Setmore'],
};

const laptops: ScoringProfile = {
  name: 'RefurbBox',
  url: 'https://refurbbox.example',
  pain: 'Students need reliable laptops but cannot afford new business models',
  solution: 'Refurbished business laptops with a two-year warranty',
  targetUsers: 'Students and small offices',
  geography: 'United States',
  budgetFit: '$300-900 per laptop',
  keywords: ['laptop', 'laptops', 'thinkpad'],
  competitors: ['Dell Outlet', 'Best Buy'],
};

const post = (title: string, body = '', subreddit = 'smallbusiness'): ScoringItem => ({
  kind: 'post',
  title,
  body,
  subreddit,
  author: 'someone',
});

describe('buying intent', () => {
  test('a request for a booking tool outranks a story about the same topic', () => {
    const ask = scoreItem(
      post(
        'Can anyone recommend booking software for my salon?',
        'We have 3 chairs and clients keep calling.',
      ),
      booking,
    );
    const story = scoreItem(
      post('How I grew my salon to 3 chairs', 'Success story: booking was by phone at first, then we grew.'),
      booking,
    );
    assert.equal(ask.stage, 'solution-seeking');
    assert.ok(ask.score > story.score + 20, `${ask.score} vs ${story.score}`);
    assert.ok(ask.score >= 60, `a hot lead scores high (${ask.score})`);
    assert.equal(ask.sellerSide, false);
  });

  test('an alternative to a named competitor is a comparing lead and the reason names it', () => {
    const s = scoreItem(
      post('Alternatives to Calendly for a small salon?', 'Calendly is too expensive for our booking needs.'),
      booking,
    );
    assert.equal(s.stage, 'comparing');
    assert.match(s.reason ?? '', /calendly/i);
    assert.ok(s.score >= 60, String(s.score));
  });

  test('a stated decision and budget is purchase-ready', () => {
    const s = scoreItem(
      post(
        'Ready to buy a booking system this week',
        'My budget is $30 a month for online booking with reminders for my studio.',
      ),
      booking,
    );
    assert.equal(s.stage, 'purchase-ready');
  });

  test('a described pain without a request is problem-aware', () => {
    const s = scoreItem(
      post(
        'No-shows are killing my salon',
        "I'm so frustrated, clients keep missing appointments and I'm tired of phone tag all day.",
      ),
      booking,
    );
    assert.equal(s.stage, 'problem-aware');
    assert.ok(s.score >= 40, String(s.score));
  });

  test('reason is one line naming the signals, matchedPhrase is the project phrase found', () => {
    const s = scoreItem(post('Looking for scheduling software for my tutoring business'), booking);
    assert.ok(s.reason && !s.reason.includes('\n'));
    assert.match(s.reason!, /scheduling/);
    assert.equal(s.matchedPhrase, 'scheduling');
  });
});

describe('how-to and general discussion stay low', () => {
  test('a how-to question ranks below a request for a product', () => {
    const howTo = scoreItem(
      post('How do I configure calendar sharing in Outlook?', 'The calendar permissions menu is greyed out.'),
      booking,
    );
    const ask = scoreItem(post('Any good booking app for a small studio?'), booking);
    assert.ok(ask.score > howTo.score + 15, `${ask.score} vs ${howTo.score}`);
  });

  test('a general discussion gets no stage and a low score', () => {
    const s = scoreItem(
      post(
        'Discussion: the future of the calendar',
        'Just a thought about how calendars changed in 50 years.',
      ),
      booking,
    );
    assert.ok(s.score < 40, String(s.score));
  });

  test('an off-topic keyword hit scores below an on-topic one', () => {
    const offTopic = scoreItem(
      post('My flight booking got cancelled, rant', 'Airline lost my booking.'),
      booking,
    );
    const onTopic = scoreItem(post('Which booking system do salons use?'), booking);
    assert.ok(onTopic.score > offTopic.score + 20, `${onTopic.score} vs ${offTopic.score}`);
  });
});

describe('seller side', () => {
  const sellers: [string, ScoringItem, ScoringProfile][] = [
    [
      '[For Hire]',
      post('[For Hire] Web developer, I build booking sites for salons', '', 'forhire'),
      booking,
    ],
    [
      '[H] laptop [W] PayPal',
      post('[USA-CA] [H] ThinkPad T420 laptop, 8GB [W] PayPal', 'Local pickup or shipped.', 'hardwareswap'),
      laptops,
    ],
    [
      'I built',
      post('I built a booking app for salons', 'It sends reminders. Would love to hear what you think.'),
      booking,
    ],
    ['check out my', post('Salon owners, check out my new scheduling tool', 'Free for 30 days.'), booking],
    [
      'feedback on my app',
      post('Feedback on my app?', "It's a calendar for tutors to take appointments."),
      booking,
    ],
    ['recruiting users', post('Looking for beta testers for our appointment reminder app', ''), booking],
    [
      'offering services',
      post("I'm offering my services as a virtual assistant", 'I handle booking and calendar management.'),
      booking,
    ],
  ];
  for (const [name, item, profile] of sellers) {
    test(`${name} is the selling side and stays out of the top of the queue`, () => {
      const s = scoreItem(item, profile);
      assert.equal(s.sellerSide, true, s.reason ?? '');
      assert.ok(s.score < 10, String(s.score));
      assert.equal(s.stage, null);
      assert.match(s.reason ?? '', /^Selling, not buying/);
    });
  }

  test('[H] PayPal [W] laptop and [Hiring] are buyers', () => {
    const buyer = scoreItem(post('[USA-TX] [H] PayPal [W] ThinkPad laptop', '', 'hardwareswap'), laptops);
    assert.equal(buyer.sellerSide, false);
    const hiring = scoreItem(
      post('[Hiring] Receptionist to handle booking for our salon', '', 'forhire'),
      booking,
    );
    assert.equal(hiring.sellerSide, false);
  });

  test('an owner asking how to get clients for their own business is a buyer, not a seller', () => {
    const s = scoreItem(
      post(
        'How do I get more clients booking at my salon?',
        'I have a small salon and my calendar is half empty.',
      ),
      booking,
    );
    assert.equal(s.sellerSide, false);
  });
});

describe('geography and budget', () => {
  test('a buyer outside the served geography ranks below one inside it', () => {
    const us = scoreItem(
      post('[USA] Laptop for college, $600 budget', 'Need something reliable.', 'SuggestALaptop'),
      laptops,
    );
    const uk = scoreItem(
      post('[UK] Laptop for uni, £600 budget', 'Need something reliable.', 'SuggestALaptop'),
      laptops,
    );
    assert.ok(us.score > uk.score + 15, `${us.score} vs ${uk.score}`);
    assert.match(uk.reason ?? '', /outside the served geography/);
  });

  test('a budget far above the product range lowers the score', () => {
    const fits = scoreItem(post('[USA] Laptop for school around $700?', '', 'SuggestALaptop'), laptops);
    const over = scoreItem(post('[USA] Laptop for school around $3000?', '', 'SuggestALaptop'), laptops);
    assert.ok(fits.score > over.score, `${fits.score} vs ${over.score}`);
  });
});

describe('determinism and cost', () => {
  test('same input, same output; the compiled profile is reused', () => {
    const item = post('Can anyone recommend booking software?');
    assert.deepEqual(scoreItem(item, booking), scoreItem(item, booking));
    assert.equal(compileProfile(booking), compileProfile(booking));
    assert.equal(
      compileProfile({ ...booking }),
      compileProfile(booking),
      'a copy of the profile reuses the compiled one',
    );
    assert.notEqual(compileProfile({ ...booking, keywords: ['salon'] }), compileProfile(booking));
  });

  test('empty and odd text scores without throwing', () => {
    for (const item of [post(''), post('???', '&amp;&lt;'), post('$', '[H] [W]'), post('a'.repeat(20000))]) {
      const s = scoreItem(item, booking);
      assert.ok(s.score >= 0 && s.score <= 100);
    }
    const bare: ScoringProfile = {
      ...booking,
      pain: null,
      solution: null,
      targetUsers: null,
      budgetFit: null,
      keywords: [],
      competitors: [],
    };
    assert.ok(scoreItem(post('Any booking app?'), bare).score >= 0);
  });
});

describe('toLeadScore', () => {
  test('maps 0-100 onto 1-5 in equal bands', () => {
    assert.deepEqual(
      [0, 19, 20, 39, 40, 59, 60, 79, 80, 100].map(toLeadScore),
      [1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
    );
    assert.equal(toLeadScore(Number.NaN), 1);
    assert.equal(toLeadScore(-5), 1);
    assert.equal(toLeadScore(250), 5);
  });
});

describe('phrase index', () => {
  test('reads the first-word keys of patterns, and finds what a plain regex finds', () => {
    assert.deepEqual([...startKeys('vs\\.?')!], ['vs']);
    assert.deepEqual([...startKeys('i?ama')!].sort(), ['ama', 'iam']);
    assert.deepEqual([...startKeys('\\$\\s?\\d+')!], ['$']);
    assert.equal(startKeys('\\d+%'), null);
    const patterns = [
      'recommend(?:ations?|s)?',
      'vs\\.?',
      '\\$\\s?\\d+',
      '\\d+ dollars',
      'i (?:built|made) (?:a|an) app',
    ];
    const index = compilePhraseIndex([patterns]);
    const text = 'any recommendations? a vs. b, $600 or 600 dollars. i built an app. drama (not ama). vsx';
    const expected = [
      ...text.matchAll(new RegExp(`(?<![a-z0-9])(?:${patterns.join('|')})(?![a-z0-9])`, 'g')),
    ].map((m) => [m.index, m[0]]);
    assert.deepEqual(
      index.scan(text).map((h) => [h.start, h.text]),
      expected,
    );
  });
});

describe('comments', () => {
  const comment = (title: string, body: string): ScoringItem => ({ ...post(title, body), kind: 'comment' });

  test("a comment is judged by its own words: the post's request is not the commenter's", () => {
    const title = 'Can anyone recommend booking software for my salon?';
    const answer = scoreItem(comment(title, 'We have used a paper calendar for years, works fine.'), booking);
    const alsoLooking = scoreItem(
      comment(title, 'Same here, any good booking app for a small studio? Our no-shows are awful.'),
      booking,
    );
    const thePost = scoreItem(post(title, 'We have 3 chairs.'), booking);
    assert.ok(thePost.score > answer.score + 15, `${thePost.score} vs ${answer.score}`);
    assert.ok(alsoLooking.score > answer.score + 15, `${alsoLooking.score} vs ${answer.score}`);
    assert.equal(alsoLooking.stage, 'solution-seeking');
  });

  test('a comment pitching its own app under a request is the selling side; a tag in the title is not its own', () => {
    const pitch = scoreItem(
      comment(
        'Can anyone recommend booking software?',
        'I built a booking app for salons, check out my site.',
      ),
      booking,
    );
    assert.equal(pitch.sellerSide, true);
    const underForHire = scoreItem(
      comment('[For Hire] Web developer', 'Do you also do booking pages? Looking for one for my salon.'),
      booking,
    );
    assert.equal(underForHire.sellerSide, false);
  });
});
