import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  buildSearchQueries,
  compileMatcher,
  excludeContext,
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
  test('a multi-word keyword matches the words in order, adjacent', () => {
    assert.equal(hit(['booking software'], 'any booking software for salons?'), 'booking software');
    assert.equal(hit(['booking software'], 'software for booking'), null);
    assert.equal(hit(['booking software'], 'booking and scheduling software'), null);
  });

  test('quotes around a keyword mean the same phrase, and are not part of it', () => {
    assert.equal(hit(['"online booking"'], 'Online booking with reminders'), 'online booking');
    assert.equal(hit(['\u201conline booking\u201d'], 'online booking'), 'online booking');
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

describe('exclusions', () => {
  test('a keyword starting with - drops the item for that project', () => {
    assert.equal(hit(['booking software', '-hiring'], 'need booking software'), 'booking software');
    assert.equal(hit(['booking software', '-hiring'], 'Hiring: booking software dev'), null);
  });

  test('an excluded phrase excludes only as a whole phrase', () => {
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
});

describe('many projects in one matcher', () => {
  test('each project gets its own first keyword; shared keywords are stored once', () => {
    const m = compileMatcher([
      { id: 'a', keywords: ['booking software', 'no-shows'] },
      { id: 'b', keywords: ['no shows', 'crm'] },
      { id: 'c', keywords: ['invoicing'] },
    ]);
    assert.equal(m.size, 4);
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
    ]);
    for (const text of ["Don't BOOK C++ (Vagaro's) no-shows #1", 'c# and C++', 'book it', 'no\tshows']) {
      assert.deepEqual(Object.fromEntries(m.match(text)), Object.fromEntries(m.match(`${text} é`)), text);
    }
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
