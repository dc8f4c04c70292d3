// The dashboard's lead queue beyond REST: its filters and text search, the per-status counts, pages of 500, and
// the CSV export of a filter checked against the REST API with an independent CSV parser.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { CSV_COLUMNS, CSV_LEAD_FIELDS, otherPlacesCell } from '../src/leads/leads.csv.ts';
import { dashboardClient } from './dashboard-helpers.ts';
import { createAccount, createProject, getJson, insertLeads, startTestApp, type TestApp } from './harness.ts';

const DAY = 86_400_000;
let t: TestApp;
let alice: Awaited<ReturnType<typeof createAccount>>;
let d: ReturnType<typeof dashboardClient>;
let project: { id: string };
let big: { id: string };
let ids: string[];

before(async () => {
  t = await startTestApp();
  alice = await createAccount(t.services);
  project = await createProject(t.services, alice.userId, { name: 'Filters' });
  const now = Date.now();
  ids = await insertLeads(t.db, project.id, [
    {
      title: 'Need a CRM, cheap, for "small" teams',
      body: 'We pay 50% too much.\nLine two, with a comma',
      score: 95,
      stage: 'purchase-ready',
      subreddit: 'SmallBusiness',
      postedAt: new Date(now - 2 * 3_600_000),
      reply: 'Hi! We built "Acme", a CRM for small teams.\r\nIt costs $9, with a free trial.',
    },
    {
      title: '=HYPERLINK("http://evil.example","click")',
      body: '+1 for spreadsheets; naïve café ✓',
      score: 80,
      stage: null,
      reason: null,
      author: null,
      matchedPhrase: null,
      costUsd: null,
      subreddit: 'sales',
      postedAt: new Date(now - 2 * DAY),
      reply: '=1+1 is what spreadsheets see; -10% for you',
    },
    {
      title: 'I sell a CRM_tool, ask me anything',
      body: null,
      score: 70,
      stage: 'comparing',
      sellerSide: true,
      subreddit: 'sales',
      commentId: 'c123',
      postedAt: new Date(now - 10 * DAY),
    },
    {
      title: 'Spreadsheet or CRM for a small team?',
      body: 'Comparing options for our small team',
      score: 60,
      stage: 'comparing',
      status: 'hidden',
      postedAt: new Date(now - 20 * DAY),
    },
    { title: 'Old post outside the window', score: 99, postedAt: new Date(now - 40 * DAY) },
  ]);
  d = dashboardClient(t);
  await d.signIn(alice.userId);
});
after(() => t.close());

const listIds = async (query: string) => {
  const res = await d.get(`/projects/${project.id}/leads?${query}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.leads.map((l: { id: string }) => l.id);
};

describe('filters', () => {
  test('stage, seller side, subreddit (any case, r/ prefix) and days narrow the queue', async () => {
    assert.deepEqual(await listIds('status=all&stage=comparing'), [ids[2], ids[3]]);
    assert.deepEqual(await listIds('status=all&sellerSide=true'), [ids[2]]);
    assert.deepEqual(await listIds('status=all&sellerSide=false'), [ids[0], ids[1], ids[3]]);
    assert.deepEqual(await listIds('status=all&subreddit=smallbusiness'), [ids[0], ids[3]]);
    assert.deepEqual(await listIds('status=all&subreddit=r%2Fsales'), [ids[1], ids[2]]);
    assert.deepEqual(await listIds('status=all&days=1'), [ids[0]]);
    assert.deepEqual(await listIds('status=all&days=7'), [ids[0], ids[1]]);
    assert.deepEqual(await listIds('days=30&minScore=75'), [ids[0], ids[1]]);
  });

  test('text search: every word in title or text, quoted phrases, LIKE wildcards taken literally', async () => {
    assert.deepEqual(await listIds('status=all&q=crm'), [ids[0], ids[2], ids[3]]);
    assert.deepEqual(await listIds('status=all&q=CRM%20small'), [ids[0], ids[3]]);
    assert.deepEqual(await listIds(`status=all&q=${encodeURIComponent('"small team"')}`), [ids[3]]);
    assert.deepEqual(await listIds('status=all&q=50%25'), [ids[0]]);
    assert.deepEqual(await listIds('status=all&q=crm_tool'), [ids[2]]);
    assert.deepEqual(await listIds('status=all&q=c_m'), [], '_ is not a wildcard');
    assert.deepEqual(await listIds(`status=all&q=${encodeURIComponent('café')}`), [ids[1]]);
    assert.deepEqual(await listIds('status=all&q=outside'), [], 'the 30-day window still applies');
  });

  test('summary: counts per status under the other filters, and the subreddits of the window', async () => {
    const all = await d.get(`/projects/${project.id}/leads/summary`);
    assert.deepEqual(all.body.counts, { new: 3, hidden: 1, not_fit: 0, replied: 0 });
    // Counted whatever the case, named as the newest lead spells it ('SmallBusiness', 2 hours old).
    assert.deepEqual(all.body.subreddits, [
      { name: 'sales', count: 2 },
      { name: 'SmallBusiness', count: 2 },
    ]);
    const narrowed = await d.get(`/projects/${project.id}/leads/summary?q=small&status=hidden`);
    assert.deepEqual(narrowed.body.counts, { new: 1, hidden: 1, not_fit: 0, replied: 0 });
  });

  test('bad filter values are 400 naming the parameter', async () => {
    for (const [query, name] of [
      ['stage=ready', 'stage'],
      ['sellerSide=maybe', 'sellerSide'],
      ['days=0', 'days'],
      ['days=31', 'days'],
      [`q=${'x'.repeat(201)}`, 'q'],
      ['subreddit=', 'subreddit'],
    ] as const) {
      for (const path of ['leads', 'leads/summary', 'leads.csv']) {
        const res = await d.get(`/projects/${project.id}/${path}?${query}`);
        assert.equal(res.status, 400, `${path}?${query}`);
        assert.equal(res.body.error.code, 'invalid_request');
        assert.match(res.body.error.message, new RegExp(name), query);
      }
    }
    const pages: [string, string][] = [
      ['leads?limit=0x10', 'Invalid limit "0x10": must be an integer from 1 to 500.'],
      ['leads?offset=1e2', 'Invalid offset "1e2": must be an integer from 0 to 1000000.'],
      ['leads?limit=5&limit=6', 'limit is given more than once; give it once.'],
      ['leads?days=1e1', 'Invalid days "1e1": must be an integer from 1 to 30.'],
      ['leads/summary?minScore=5e1', 'Invalid minScore "5e1": must be an integer from 0 to 100.'],
      ['leads/summary?sellerSide=true&sellerSide=false', 'sellerSide is given more than once; give it once.'],
      ['leads.csv?days=0x7', 'Invalid days "0x7": must be an integer from 1 to 30.'],
      ['leads.csv?q=a&q=b', 'q is given more than once; give it once.'],
      ['scans?limit=1e1', 'Invalid limit "1e1": must be an integer from 1 to 100.'],
      ['scans?offset=0&offset=25', 'offset is given more than once; give it once.'],
    ];
    for (const [path, message] of pages) {
      const res = await d.get(`/projects/${project.id}/${path}`);
      assert.equal(res.status, 400, path);
      assert.deepEqual(res.body, { error: { code: 'invalid_request', message } }, path);
    }
    const attempts = await d.get('/webhooks/no-such-hook/attempts?limit=0x10');
    assert.deepEqual(attempts.body, {
      error: { code: 'invalid_request', message: 'Invalid limit "0x10": must be an integer from 1 to 500.' },
    });
    const page = await d.get(`/projects/${project.id}/leads?limit=501`);
    assert.equal(page.status, 400);
    assert.match(page.body.error.message, /limit 501: must be an integer from 1 to 500/);
  });
});

describe('pages of 500 and CSV export', () => {
  before(async () => {
    big = await createProject(t.services, alice.userId, { name: 'Big' });
    await t.db.query(
      `INSERT INTO leads (project_id, post_id, title, subreddit, url, body, score, status, posted_at, scored_at)
       SELECT $1, 'p' || i, 'Lead "' || i || '", with a comma', 'sub' || (i % 3), 'https://www.reddit.com/p' || i,
              CASE WHEN i % 2 = 0 THEN E'line one\\nline two' END, i % 101,
              CASE WHEN i % 5 = 0 THEN 'hidden' ELSE 'new' END, now() - (i % 20) * interval '1 day', now()
         FROM generate_series(1, 1200) AS i`,
      [big.id],
    );
  });

  test('a page of 500 leads', async () => {
    const res = await d.get(`/projects/${big.id}/leads?limit=500&status=all`);
    assert.equal(res.body.leads.length, 500);
    assert.equal(res.body.pagination.hasMore, true);
  });

  const cell = (v: unknown) => {
    const text = v === null || v === undefined ? '' : String(v);
    return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  };

  /** The drafted replies the dashboard's list shows for the filter, by lead id. */
  async function replies(projectId: string, query: string) {
    const byId = new Map<string, { reply: string | null; repliedAt: string | null }>();
    for (let offset = 0; ; offset += 500) {
      const res = await d.get(`/projects/${projectId}/leads?${query}&limit=500&offset=${offset}`);
      assert.equal(res.status, 200);
      for (const lead of res.body.leads)
        byId.set(lead.id, { reply: lead.reply, repliedAt: lead.repliedAt ?? null });
      if (!res.body.pagination.hasMore) return byId;
    }
  }

  /**
   * Every lead REST returns for the filter, all pages, with body, as CSV cells (formulas neutralised), and the
   * drafted reply the dashboard shows for it.
   */
  async function restRows(projectId: string, query: string) {
    const drafts = await replies(projectId, query);
    const rows: Record<string, string>[] = [];
    for (let offset = 0; ; offset += 100) {
      const res = await getJson(
        t.baseUrl,
        `/api/v1/projects/${projectId}/leads?${query}&include=body&limit=100&offset=${offset}`,
        alice.restKey,
      );
      assert.equal(res.status, 200);
      for (const lead of res.body.leads) {
        rows.push({
          ...Object.fromEntries(CSV_LEAD_FIELDS.map((c) => [c, cell(lead[c])])),
          otherPlaces: otherPlacesCell(lead),
          reply_draft: cell(drafts.get(lead.id)?.reply),
          replied_at: cell(drafts.get(lead.id)?.repliedAt),
        });
      }
      if (!res.body.pagination.hasMore) return rows;
    }
  }

  async function csv(projectId: string, query: string) {
    const res = await fetch(`${t.baseUrl}/dashboard/api/projects/${projectId}/leads.csv?${query}`, {
      headers: { cookie: d.cookie },
    });
    assert.equal(res.status, 200);
    // fetch's text() would drop the byte order mark this test checks for.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    return { res, text, rows: parse(text, { bom: true, columns: true }) as Record<string, string>[] };
  }

  test('the export holds every lead of the filter over all pages, the same as REST, cell for cell', async () => {
    const { res, text, rows } = await csv(big.id, 'status=new&minScore=20');
    assert.match(res.headers.get('content-type')!, /^text\/csv; charset=utf-8/);
    assert.match(
      res.headers.get('content-disposition')!,
      /^attachment; filename="leads-big-new-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    assert.ok(text.startsWith('\ufeffid,postId,commentId,title,'), 'BOM, then the header row');
    assert.match(text, /\r\n/);
    const expected = await restRows(big.id, 'status=new&minScore=20');
    assert.ok(expected.length > 500, `${expected.length} leads: more than one export page`);
    assert.deepEqual(rows, expected);
  });

  test('quotes, commas, line breaks, nulls, accents and formula-looking cells survive a real CSV parser', async () => {
    const { text, rows } = await csv(project.id, 'status=all');
    assert.deepEqual(rows, await restRows(project.id, 'status=all'));
    const [first, second] = rows;
    assert.equal(first!.title, 'Need a CRM, cheap, for "small" teams');
    assert.equal(first!.body, 'We pay 50% too much.\nLine two, with a comma');
    assert.match(text, /"Need a CRM, cheap, for ""small"" teams"/);
    assert.equal(second!.title, `'=HYPERLINK("http://evil.example","click")`);
    assert.equal(second!.body, "'+1 for spreadsheets; naïve café ✓");
    assert.equal(second!.stage, '');
    assert.equal(second!.costUsd, '');
    assert.equal(first!.sellerSide, 'false');
    assert.equal(rows.length, 4);
    // The drafted reply, then when it was marked replied, last: quotes, commas and line breaks kept, a
    // formula-looking start neutralised.
    assert.deepEqual(Object.keys(first!).slice(-2), ['reply_draft', 'replied_at']);
    assert.equal(
      first!.reply_draft,
      'Hi! We built "Acme", a CRM for small teams.\r\nIt costs $9, with a free trial.',
    );
    assert.match(
      text,
      /"Hi! We built ""Acme"", a CRM for small teams\.\r\nIt costs \$9, with a free trial\."/,
    );
    assert.equal(second!.reply_draft, "'=1+1 is what spreadsheets see; -10% for you");
    assert.equal(rows[2]!.reply_draft, '', 'no draft: an empty cell');
  });

  test("a lead marked replied says when in replied_at; its status stays the API's hidden", async () => {
    const all = (await csv(project.id, 'status=all')).rows;
    const target = all[1]!;
    assert.equal(target.replied_at, '', 'not replied yet: an empty cell');
    const marked = await d.post(`/projects/${project.id}/leads/replied`, { leadIds: [target.id] });
    assert.equal(marked.status, 200, JSON.stringify(marked.body));
    const { rows } = await csv(project.id, 'status=replied');
    assert.deepEqual(
      rows.map((r) => r.id),
      [target.id],
    );
    assert.equal(rows[0]!.status, 'hidden');
    assert.match(rows[0]!.replied_at!, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/);
    // REST has no Replied queue; the row is the API's lead (status hidden) with its draft and mark.
    const rest = (await restRows(project.id, 'status=all')).find((r) => r.id === target.id);
    assert.deepEqual(rows[0], rest);
  });

  test('an empty filter exports the header row only; the filters apply as on the list', async () => {
    const { rows, text } = await csv(project.id, 'q=nothing-matches-this');
    assert.deepEqual(rows, []);
    assert.equal(text, `\ufeff${CSV_COLUMNS.join(',')}\r\n`);
    const seller = await csv(project.id, 'status=all&sellerSide=true');
    assert.deepEqual(
      seller.rows.map((r) => r.id),
      [ids[2]],
    );
  });

  test('the file is named after the project, in letters, digits and dashes only', async () => {
    const named = async (name: string) => {
      const p = await createProject(t.services, alice.userId, { name });
      const { res } = await csv(p.id, 'status=all');
      return /filename="([^"]*)"/.exec(res.headers.get('content-disposition')!)![1];
    };
    const day = new Date().toISOString().slice(0, 10);
    assert.equal(await named('Café "Ünïcode" / CRM\\x'), `leads-cafe-unicode-crm-x-all-${day}.csv`);
    assert.equal(await named('  ../../etc/passwd  '), `leads-etc-passwd-all-${day}.csv`);
    assert.equal(
      await named('日本語の案件'),
      `leads-project-all-${day}.csv`,
      'nothing left of it: "project"',
    );
    assert.equal(
      await named(`Acme ${'very long name '.repeat(10)}`),
      `leads-acme-very-long-name-very-long-name-very-all-${day}.csv`,
      'at most 40 characters of it',
    );
  });
});
