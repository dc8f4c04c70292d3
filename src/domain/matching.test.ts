import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  buildSearchQueries,
  compileMatcher,
  EXACT_RULES,
  excludeContext,
  keywordSpellings,
  matchText,
  parseKeyword,
  parseSearchQuery,
  tokenize,
} from './matching.ts';

const one = (keywords: string[]) => compileMatcher([{ id: 'p', keywords }]);
const hit = (keywords: string[], text: string) => one(keywords).match(text).get('p') ?? null;

describe('whole words', () => {
  test('a keyword matches as a whole word, not inside another word', () => {
    assert.equal(hit(['crm'], 'Which CRM do you use?'), 'crm');
    assert.equal(hit(['crm'], 'we sell scrm and crmx'), null);
    assert.equal(hit(['book'], 'booking is hard'), null);
  });

  test('case does not matter, either side', () => {
    assert.equal(hit(['Booking Software'], 'need BOOKING software now'), 'Booking Software');
  });

  test('punctuation next to a word does not stop it matching', () => {
    assert.equal(hit(['vagaro'], '(Vagaro), Vagaro! "vagaro"'), 'vagaro');
    assert.equal(hit(['vagaro'], "Vagaro's prices went up"), 'vagaro');
  });

  test('digits are word characters; c++ and c# keep their symbols', () => {
    assert.equal(hit(['a1'], 'model a1 is out'), 'a1');
    assert.equal(hit(['a1'], 'model a12 is out'), null);
    assert.equal(hit(['c++'], 'hiring a C++ developer'), 'c++');
    assert.equal(hit(['c'], 'hiring a C++ developer'), null);
    assert.equal(hit(['c#'], 'we use C# at work'), 'c#');
  });
});

describe('phrases', () => {
  test('a multi-word keyword matches its words side by side', () => {
    assert.equal(hit(['booking software'], 'any booking software for salons?'), 'booking software');
    assert.equal(hit(['booking software'], 'any booking app for salons?'), null);
  });

  test('quoted, the keyword is reported with its quotes, as the project wrote it', () => {
    assert.equal(hit(['"online booking"'], 'Online booking with reminders'), '"online booking"');
    assert.equal(hit(['\u201conline booking\u201d'], 'online booking'), '\u201conline booking\u201d');
  });

  test('hyphens, line breaks and runs of spaces between words do not matter', () => {
    assert.equal(hit(['no-shows'], 'so many no shows'), 'no-shows');
    assert.equal(hit(['no shows'], 'so many NO-SHOWS'), 'no shows');
    assert.equal(hit(['booking software'], 'booking\n\n   software'), 'booking software');
  });

  test('a phrase at the very end of the text matches; a cut-off one does not', () => {
    assert.equal(hit(['salon software'], 'looking for salon software'), 'salon software');
    assert.equal(hit(['salon software'], 'looking for salon'), null);
  });

  test('the first keyword found in the text is reported', () => {
    assert.equal(hit(['invoicing', 'crm'], 'crm first, invoicing later'), 'crm');
  });
});

describe('hyphenated, spaced and joined spellings', () => {
  const spellings = [
    'need a technical co-founder',
    'need a technical cofounder',
    'need a technical co founder',
    'Looking for Technical Co-Founders',
    'TECHNICAL COFOUNDERS wanted',
  ];

  test('"technical co-founder" matches every spelling of co-founder, as the project wrote it', () => {
    for (const text of spellings)
      assert.equal(hit(['Technical Co-Founder'], text), 'Technical Co-Founder', text);
  });

  test('so do "technical co founder" and "technical cofounder"', () => {
    for (const text of spellings) {
      assert.equal(hit(['technical co founder'], text), 'technical co founder', text);
      assert.equal(
        hit(['technical cofounder'], text),
        text.includes('co founder') ? null : 'technical cofounder',
        text,
      );
    }
  });

  test('a keyword written as one word matches it hyphenated, not spaced apart ("check out" is not "checkout")', () => {
    assert.equal(hit(['checkout'], 'our check-out page'), 'checkout');
    assert.equal(hit(['checkout'], 'check out this tool'), null);
    assert.equal(hit(['email'], 'an e-mail tool'), 'email');
    assert.equal(hit(['e-mail'], 'an email tool'), 'e-mail');
    assert.equal(hit(['wifi'], 'Wi-Fi dead zones'), 'wifi');
  });

  test('longer hyphenated runs join whole, and a joined word still needs its neighbours', () => {
    assert.equal(hit(['end-to-end'], 'endtoend encryption'), 'end-to-end');
    assert.equal(hit(['endtoend'], 'End-to-End encryption'), 'endtoend');
    assert.equal(hit(['cofounder'], 'co-founding a startup'), null);
    assert.equal(hit(['technical cofounder'], 'a technical, experienced co-founder'), 'technical cofounder');
    assert.equal(
      hit(['technical cofounder'], 'a technical person; we have no hiring budget. Co-founder wanted'),
      null,
    );
    assert.equal(
      hit(['technical cofounder'], 'technical co-founder wanted, technical skills a must'),
      'technical cofounder',
    );
  });
});

describe('plurals', () => {
  test('a word matches its plural, in a keyword of one word or more', () => {
    assert.equal(hit(['invoice'], 'sending invoices'), 'invoice');
    assert.equal(hit(['booking app'], 'best booking apps?'), 'booking app');
    assert.equal(hit(['late payment'], 'tired of late payments'), 'late payment');
    assert.equal(hit(['company'], 'small companies'), 'company');
    assert.equal(hit(['kitchen knife'], 'good kitchen knives'), 'kitchen knife');
    assert.equal(hit(['switch'], 'managed switches'), 'switch');
  });

  test('not verb forms or other words: "invoicing", "paying late" and "booking" are not matched', () => {
    assert.equal(hit(['invoice'], 'invoicing is slow'), null);
    assert.equal(hit(['late payment'], 'clients paying late'), null);
    assert.equal(hit(['book'], 'booking is hard'), null);
    assert.equal(hit(['news'], 'new tool'), null);
  });

  test('a plural matches its singular beside another word; a plural keyword alone only as written', () => {
    assert.equal(hit(['pivot tables'], 'a pivot table question'), 'pivot tables');
    assert.equal(hit(['business cards'], 'my business card'), 'business cards');
    assert.equal(hit(['leads'], 'the lead designer'), null);
    assert.equal(hit(['leads'], 'where do you find leads'), 'leads');
  });

  test('words of one or two letters and words with digits or symbols keep their spelling', () => {
    assert.equal(hit(['it support'], 'its support is slow'), null);
    assert.equal(hit(['1099'], '1099s'), null);
  });
});

describe('the words of a keyword in any order, close together', () => {
  test('within three other words, in one sentence', () => {
    assert.equal(hit(['invoice software'], 'software for invoices'), 'invoice software');
    assert.equal(hit(['invoice software'], 'any software for sending out invoices?'), 'invoice software');
    assert.equal(hit(['booking software'], 'booking and scheduling software'), 'booking software');
    assert.equal(hit(['technical co-founder'], 'a co-founder who is technical'), 'technical co-founder');
  });

  test('not farther apart, nor across sentences', () => {
    assert.equal(hit(['invoice software'], 'software that helps freelancers send all their invoices'), null);
    assert.equal(hit(['invoice software'], 'Sending invoices is slow. Our software crashed'), null);
    assert.equal(hit(['invoice software'], 'Sending invoices is slow\nour software crashed'), null);
  });

  test('every word is needed, however often the others occur', () => {
    assert.equal(hit(['salon booking software'], 'salon software, salon software'), null);
    assert.equal(
      hit(['salon booking software'], 'software to take salon bookings'),
      'salon booking software',
    );
  });
});

describe('common words of a longer keyword', () => {
  test('are found near the other words, in any order, like any word', () => {
    assert.equal(hit(['looking for'], 'Looking for a CRM'), 'looking for');
    assert.equal(hit(['looking for'], 'for a salon, looking'), 'looking for');
    assert.equal(hit(['looking for'], 'I was looking at the options and decided for now'), null);
    assert.equal(hit(['looking for'], 'We are looking. Not for now'), null);
    assert.equal(hit(['point of sale'], 'a point-of-sale system'), 'point of sale');
    assert.equal(hit(['point of sale'], 'sale point'), null);
  });

  test('a keyword of common words only matches too', () => {
    assert.equal(hit(['how to'], 'how to invoice'), 'how to');
    assert.equal(hit(['how to'], 'no idea how'), null);
  });
});

describe('keywordSpellings: what the dashboard marks', () => {
  const spellings = (k: string) => keywordSpellings(k).map((t) => t.join(' '));

  test('the whole keyword in its order first, then each word and each two neighbours joined', () => {
    assert.deepEqual(spellings('technical co-founder'), [
      'technical co founder',
      'technical co founders',
      'technical',
      'technicals',
      'technicalcofounder',
      'technicalcofounders',
      'co founder',
      'co founders',
      'cofounder',
      'cofounders',
    ]);
    assert.deepEqual(spellings('pivot tables'), [
      'pivot tables',
      'pivot table',
      'pivot',
      'pivots',
      'pivottables',
      'pivottable',
      'tables',
      'table',
    ]);
    assert.deepEqual(spellings('crm'), ['crm', 'crms']);
  });

  test('a quoted keyword only as written; none for a keyword with no word', () => {
    assert.deepEqual(spellings('"co-founder"'), ['co founder']);
    assert.deepEqual(spellings('!!'), []);
  });
});

describe('a quoted keyword matches only as written', () => {
  test('its words in order and side by side, with no other form', () => {
    assert.equal(hit(['"invoice software"'], 'Invoice Software?'), '"invoice software"');
    assert.equal(hit(['"invoice software"'], 'software for invoices'), null);
    assert.equal(hit(['"invoice software"'], 'invoice softwares'), null);
    assert.equal(hit(['"booking software"'], 'software booking'), null);
    assert.equal(hit(['"invoice"'], 'invoices'), null);
  });

  test('no joins either, though punctuation between its words still does not matter', () => {
    assert.equal(hit(['"co-founder"'], 'a cofounder'), null);
    assert.equal(hit(['"co-founder"'], 'a co founder'), '"co-founder"');
    assert.equal(hit(['"cofounder"'], 'a co-founder'), null);
  });

  test('quoting every keyword gives the rules of EXACT_RULES, the matching of keywords before 2026-12-07', () => {
    const keywords = ['invoice software', 'co-founder', 'leads', '-hiring'];
    const quoted = keywords.map((k) => (k.startsWith('-') ? `-"${k.slice(1)}"` : `"${k}"`));
    const exact = compileMatcher([{ id: 'p', keywords }], EXACT_RULES);
    const texts = [
      'invoice software',
      'software for invoices',
      'a cofounder',
      'co-founder',
      'hiring leads',
      'lead',
    ];
    for (const text of texts) assert.equal(exact.match(text).size, one(quoted).match(text).size, text);
  });
});

describe('exclusions', () => {
  test('a keyword starting with - drops the item for that project', () => {
    assert.equal(hit(['booking software', '-hiring'], 'need booking software'), 'booking software');
    assert.equal(hit(['booking software', '-hiring'], 'Hiring: booking software dev'), null);
  });

  test('an exclusion matches by the same rules: plurals, spellings and close words in any order', () => {
    assert.equal(hit(['crm', '-job'], 'crm jobs in Ohio'), null);
    assert.equal(hit(['crm', '-cofounder'], 'crm for my co-founder'), null);
    assert.equal(hit(['crm', '-for sale'], 'sale season: we have used this crm for two years'), 'crm');
    assert.equal(hit(['crm', '-for sale'], 'crm licences for sale'), null);
    assert.equal(hit(['crm', '-for sale'], 'a crm for my sales team'), null);
  });

  test('quoted, an exclusion drops only what it names as written', () => {
    assert.equal(hit(['crm', '-"job"'], 'crm jobs in Ohio'), 'crm');
    assert.equal(hit(['crm', '-"for sale"'], 'crm for sale'), null);
    assert.equal(hit(['crm', '-"for sale"'], 'crm for my sales team'), 'crm');
  });

  test('an exclusion alone never matches anything', () => {
    assert.equal(hit(['-spam'], 'nothing to see'), null);
  });

  test("one project's exclusion does not affect another project's match", () => {
    const m = compileMatcher([
      { id: 'a', keywords: ['crm', '-hiring'] },
      { id: 'b', keywords: ['crm'] },
    ]);
    assert.deepEqual([...m.match('hiring a crm admin').keys()], ['b']);
  });
});

describe('Unicode', () => {
  test('accented letters are word characters and match across composed and decomposed forms', () => {
    assert.equal(hit(['café'], 'best CAFÉ software'), 'café');
    assert.equal(hit(['café'], 'best cafe\u0301 software'), 'café');
    assert.equal(hit(['café'], 'best cafe software'), null);
    assert.equal(hit(['caf'], 'best café software'), null);
  });

  test('non-Latin scripts match as whole words', () => {
    assert.equal(hit(['запись'], 'Онлайн ЗАПИСЬ клиентов'), 'запись');
    assert.equal(hit(['запись'], 'записью'), null);
    assert.equal(hit(['Straße'], 'in der STRASSE'), null);
    assert.equal(hit(['ελλάδα'], 'ΕΛΛΆΔΑ'), 'ελλάδα');
  });

  test('scripts without spaces match a keyword as a run of characters', () => {
    assert.equal(hit(['预约软件'], '我们需要一个预约软件。'), '预约软件');
    assert.equal(hit(['予約'], 'オンライン予約システム'), '予約');
    assert.equal(hit(['预约软件'], '预约的软件'), null);
  });

  test('full-width letters fold to their ASCII form', () => {
    assert.equal(hit(['crm'], 'ＣＲＭ ツール'), 'crm');
  });
  test('accented words keep their spelling; plurals, joins and the window work around them', () => {
    assert.equal(hit(['café'], 'two cafés'), null);
    assert.equal(
      hit(['technical co-founder'], 'Gründer sucht technical Co-Founders'),
      'technical co-founder',
    );
    assert.equal(hit(['invoice software'], 'software für invoices'), 'invoice software');
    assert.equal(hit(['invoice software'], 'invoices für Müller. Software kaputt'), null);
  });
});

describe('many projects in one matcher', () => {
  test('each project gets its own first keyword; shared keywords are stored once', () => {
    const m = compileMatcher([
      { id: 'a', keywords: ['booking software', 'no-shows'] },
      { id: 'b', keywords: ['no shows', 'crm'] },
      { id: 'c', keywords: ['invoicing'] },
    ]);
    // "no-shows" (one hyphenated word) and "no shows" (two words, in any order) are two keywords.
    assert.equal(m.size, 5);
    assert.deepEqual(Object.fromEntries(m.match('no-shows again, need booking software')), {
      a: 'no-shows',
      b: 'no shows',
    });
  });

  test('the same matcher gives the same answer on repeated calls', () => {
    const m = compileMatcher([{ id: 'a', keywords: ['crm', '-hiring'] }]);
    assert.equal(m.match('hiring crm').size, 0);
    assert.equal(m.match('crm').size, 1);
    assert.equal(m.match('hiring crm').size, 0);
  });

  test('keywords with no words in them are ignored', () => {
    assert.equal(parseKeyword('  - '), null);
    assert.equal(parseKeyword('!!'), null);
    assert.equal(one(['', '!!']).size, 0);
  });
});

describe('tokenize', () => {
  test('lower-cases and splits on anything that is not a letter, digit or mark', () => {
    assert.deepEqual(tokenize('Hello, World! no-shows 2x'), ['hello', 'world', 'no', 'shows', '2x']);
  });

  test('the ASCII fast path and the Unicode path find the same matches', () => {
    const m = compileMatcher([
      { id: 'a', keywords: ['c++', 'vagaro', 'no shows', "don't"] },
      { id: 'b', keywords: ['book', '-vagaro'] },
      { id: 'c', keywords: ['c#'] },
      { id: 'd', keywords: ['technical co-founder', 'invoice software', 'cofounder', 'wifi', '-"for sale"'] },
    ]);
    const texts = [
      "Don't BOOK C++ (Vagaro's) no-shows #1",
      'c# and C++',
      'book it',
      'no\tshows',
      'Technical Co-Founders wanted',
      'software for invoices',
      'Wi-Fi co-founder',
      'a co-founder for sale',
      'Sending invoices is slow. Our software crashed',
      'invoices\nsoftware',
    ];
    for (const text of texts) {
      assert.deepEqual(Object.fromEntries(m.match(text)), Object.fromEntries(m.match(`${text} é`)), text);
    }
  });

  test('curly quotes, dashes, the ellipsis and the no-break space count as NFKC makes them, on either path', () => {
    const m = compileMatcher([
      { id: 'a', keywords: ["don't", 'invoice software', 'technical co-founder'] },
      { id: 'b', keywords: ['cofounder', 'vagaro', '-"for sale"'] },
    ]);
    const texts = [
      'I don’t know “Vagaro’s” pricing',
      'Sending invoices is slow…\u00a0Our software crashed',
      'Sending invoices is slow.\u00a0Our software crashed',
      'Sending invoices is slow… our software crashed',
      'invoices…software',
      'invoices — software',
      'a technical co–founder • for\u00a0sale',
      'a co-founder—technical',
    ];
    for (const text of texts) {
      assert.deepEqual(Object.fromEntries(m.match(text)), Object.fromEntries(m.match(`${text} é`)), text);
    }
    assert.equal(hit(['invoice software'], 'Sending invoices is slow…\u00a0Our software crashed'), null);
    assert.equal(
      hit(['invoice software'], 'Sending invoices… Our software'),
      null,
      'an ellipsis ends a sentence',
    );
    assert.equal(hit(['invoice software'], 'Sending invoices—with our software'), 'invoice software');
    assert.equal(hit(["don't"], 'I don’t know'), "don't");
  });
});

describe('a comment is matched by its body and excluded by what is shown with it', () => {
  const m = compileMatcher([{ id: 'p', keywords: ['booking software', '-hiring'] }]);
  const comment = (title: string, body: string) => ({ kind: 'comment' as const, title, body });
  const matches = (item: { kind: 'post' | 'comment'; title: string; body: string }) => [
    ...m.match(matchText(item), excludeContext(item)).keys(),
  ];

  test("an exclusion in the thread's title excludes the comment; one in its body too", () => {
    assert.deepEqual(matches(comment('[Hiring] Front desk for our salon', 'We use booking software.')), []);
    assert.deepEqual(matches(comment('Front desk tips', 'Hiring soon; any booking software?')), []);
    assert.deepEqual(matches(comment('Front desk tips', 'Any booking software?')), ['p']);
  });

  test('a keyword only in the thread title does not make the comment a match', () => {
    assert.deepEqual(matches(comment('Best booking software?', 'I like paper.')), []);
  });

  test('posts are unchanged: title and body, no context', () => {
    assert.equal(excludeContext({ kind: 'post', title: 'Hiring' }), null);
    assert.deepEqual(matches({ kind: 'post', title: 'Booking software?', body: '' }), ['p']);
  });
});

describe('search queries for keyword-only projects', () => {
  test('OR-joins included keywords, quotes phrases, skips exclusions', () => {
    assert.deepEqual(buildSearchQueries(['booking software', 'crm', '-hiring', 'no-shows']), [
      '"booking software" OR crm OR "no-shows"',
    ]);
  });

  test('splits into batches that each stay under the limit and keep every keyword', () => {
    const keywords = Array.from({ length: 80 }, (_, i) => `keyword number ${i}`);
    const queries = buildSearchQueries(keywords, 512);
    assert.ok(queries.length > 1);
    for (const q of queries) assert.ok(q.length <= 512, `${q.length} characters`);
    const back = queries.flatMap(parseSearchQuery).map((t) => t.replaceAll('"', ''));
    assert.deepEqual(back, keywords);
  });
});
