// Replies a person would post (issue 33, docs/decisions/0121-replies-a-person-would-post.md): the drafts of several
// dev profiles read as sentences, repeat no sentence across a project, name the product at most once and only
// with a disclosure, and only for a post that asks for a product; a project's tone changes its drafts and its
// signature ends each one; bad tone or signature values are refused and change nothing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import {
  type EvalProject,
  loadEvalData,
  productMentionOk,
  rankProject,
  templateOf,
  toItem,
} from '../scripts/eval-lib.ts';
import { DEMO_PROJECT } from '../src/demo.ts';
import { splitSolution } from '../src/domain/scoring/reply.ts';
import { draftReply, productName, type ScoringItem, scoreItem } from '../src/domain/scoring.ts';
import { dashboardClient } from './dashboard-helpers.ts';
import { createAccount, createProject, startTestApp, type TestApp } from './harness.ts';
import { callTool } from './mcp-helpers.ts';

const sentencesOf = (draft: string) =>
  draft
    .split('\n')[0]!
    .split(/(?<=[.?!])\s+/)
    .filter(Boolean);
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const plain = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9$ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Six dev profiles of different fields: booking, invoicing, laptops, spreadsheets, a logo studio, rentals. */
const KEYS = ['bookwell', 'invoiceowl', 'refurbdesk', 'sheetpilot', 'logoforge', 'propdesk'];
const data = loadEvalData();
const floors = JSON.parse(readFileSync(new URL('../docs/eval-floors.json', import.meta.url), 'utf8'));

/** Each profile's drafts for its labelled non-seller posts, in rank order, as a scan drafts them. */
const drafted = KEYS.map((key) => {
  const project = data.projects.find((p) => p.key === key) as EvalProject;
  const recent: string[] = [];
  const rows = rankProject(data, project, scoreItem)
    .filter((r) => !r.score.sellerSide)
    .map((r) => ({ post: r.post, draft: draftReply(toItem(r.post), project, r.score, recent) }));
  return { project, rows };
});

/** Grammar a reader notices at once: a word's broken singular, a doubled word or article, a slot left empty. */
const BROKEN =
  /\btaxe\b|\b(a|an|the|your|for|to|of|and|is) \1\b|\b(?:a|an|the) (?:a|an|the|your)\b|\byour your\b|\bundefined\b|\bnull\b|\bNaN\b|\s[,.;:]|,,|\.\.(?!\.)|\(\)/i;

describe('drafts of six dev profiles read as a person writes', () => {
  for (const { project, rows } of drafted) {
    test(`${project.key}: ${rows.length} drafts, each sentence whole, at most 100 words`, () => {
      assert.ok(rows.length >= 20, `${rows.length} drafts`);
      for (const { draft } of rows) {
        assert.ok(words(draft) <= 100, `${words(draft)} words: ${draft}`);
        assert.doesNotMatch(draft, BROKEN, draft);
        for (const s of sentencesOf(draft)) {
          assert.match(s, /^[A-Z$0-9"']/, `starts a sentence: ${s}`);
          assert.match(s, /[.?!]$/, `ends a sentence: ${s}`);
        }
      }
    });

    test(`${project.key}: the profile's own words appear only in the sentence that names the product`, () => {
      // A feature spliced into advice ("a payroll for up to 5 employees" mid-sentence) is what made drafts nonsense.
      const { features } = splitSolution(project.solution);
      const name = productName(project);
      for (const { draft } of rows)
        for (const s of sentencesOf(draft).filter((x) => !x.includes(name)))
          for (const f of features) assert.ok(!s.toLowerCase().includes(f.toLowerCase()), `"${f}" in: ${s}`);
    });

    test(`${project.key}: no sentence repeats across the project's drafts past the floor`, () => {
      const profileText = [
        project.name,
        project.solution ?? '',
        project.pain ?? '',
        ...project.keywords,
      ].join(' ');
      const counts = new Map<string, number>();
      for (const { post, draft } of rows) {
        const own = new Set(plain(`${post.title} ${post.body} ${profileText}`).split(' '));
        for (const t of new Set(sentencesOf(draft).map((s) => templateOf(s, own))))
          counts.set(t, (counts.get(t) ?? 0) + 1);
      }
      const [worst, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
      assert.ok(
        n < 2 || n / rows.length <= floors.replies.maxSentenceShare,
        `"${worst}" in ${n} of ${rows.length} drafts`,
      );
    });

    test(`${project.key}: the product named at most once, always with a disclosure, and not in every draft`, () => {
      const name = productName(project);
      for (const { draft } of rows) assert.ok(productMentionOk(draft, name, project.url), draft);
      const named = rows.filter((r) => r.draft.includes(name)).length;
      assert.ok(named < rows.length, `named in all ${rows.length} drafts`);
    });
  }
});

const invoiceowl = drafted[1]!.project;
const post = (title: string, body = ''): ScoringItem => ({
  kind: 'post',
  title,
  body,
  subreddit: 'freelance',
  author: 'a',
});

describe('the product only for a post that asks for one', () => {
  const asking = [
    post('Can anyone recommend invoicing software for a freelancer?', 'I send about 10 invoices a month.'),
    post('What do you use for time tracking and invoicing?', 'New freelancer, need something simple.'),
    post('Looking for an invoicing app with payment reminders', 'Budget is $15/month.'),
  ];
  const notAsking = [
    post('How do I get my clients to pay invoices on time?'),
    post(
      'Client has not paid my invoice in 60 days',
      "I'm tired of chasing late payment emails. What can I do?",
    ),
    post(
      'Is it normal to charge a late fee on invoices?',
      'First year freelancing, not sure about etiquette.',
    ),
    post(
      'Lash studio: how do you handle consent forms?',
      'Clients sign paper forms and I lose half of them.',
    ),
  ];
  test('a request hears the product once, disclosed, after the answer', () => {
    for (const item of asking) {
      const d = draftReply(item, invoiceowl);
      assert.equal(d.split('InvoiceOwl').length - 1, 1, d);
      assert.ok(productMentionOk(d, 'InvoiceOwl', invoiceowl.url), d);
      assert.ok(!sentencesOf(d)[0]!.includes('InvoiceOwl'), `answers first: ${d}`);
    }
  });
  test('a how-to question or a problem hears advice and no product', () => {
    for (const item of notAsking) {
      const d = draftReply(item, invoiceowl);
      assert.doesNotMatch(d, /InvoiceOwl|invoiceowl\.example|I work on|Disclosure/, d);
      assert.ok(words(d) >= 8, d);
    }
  });
  test('what the author told is said back: their tool, what they tried, their budget and size', () => {
    const told = draftReply(
      post(
        'FreshBooks alternatives for a small agency?',
        "We use FreshBooks now with 6 employees and a budget of $40/month. I've tried Wave already.",
      ),
      invoiceowl,
    );
    assert.match(told, /FreshBooks/, told);
    assert.match(sentencesOf(told)[0]!, /FreshBooks|Wave|\$40|6 employees/, told);
  });
});

describe('tone and signature', () => {
  const items = [
    post('Can anyone recommend invoicing software for a freelancer?', 'I send about 10 invoices a month.'),
    post('Client has not paid my invoice in 60 days', 'What can I do?'),
    post('Looking for an invoicing app with payment reminders', 'Budget is $15/month.'),
  ];
  test('each tone drafts differently: friendly opens warmer, expert advises differently', () => {
    for (const item of items) {
      const [p, f, e] = (['plain', 'friendly', 'expert'] as const).map((replyTone) =>
        draftReply(item, { ...invoiceowl, replyTone }),
      );
      assert.notEqual(p, f);
      assert.notEqual(p, e);
      // Friendly adds a first sentence and keeps the plain answer; expert gives other advice.
      assert.ok(f!.includes(sentencesOf(p!).at(-1)!) || f!.length > p!.length, f);
      assert.ok(
        sentencesOf(e!).some((x) => !p!.includes(x)),
        e,
      );
    }
  });
  test('the signature ends each draft once, on its own line', () => {
    const signature = '— Sam from InvoiceOwl';
    for (const item of items) {
      const d = draftReply(item, { ...invoiceowl, replySignature: signature });
      assert.ok(d.endsWith(`\n${signature}`), d);
      assert.equal(d.split(signature).length - 1, 1, d);
      assert.ok(words(d.split('\n')[0]!) <= 100, d);
      assert.equal(d.split('\n')[0], draftReply(item, invoiceowl), 'the draft itself is unchanged');
    }
  });
});

describe('reply tone and signature through the dashboard, the tools, the REST API and the projects file', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createAccount>>;
  let d: ReturnType<typeof dashboardClient>;
  before(async () => {
    t = await startTestApp();
    owner = await createAccount(t.services, 'connected');
    d = dashboardClient(t);
    await d.signIn(owner.userId);
  });
  after(() => t.close());

  const row = async (id: string) =>
    (await t.db.query('SELECT reply_tone, reply_signature FROM projects WHERE id = $1', [id]))[0];

  test('saved, read back, exported and imported', async () => {
    const created = await d.post('/projects', {
      name: 'SnapBill',
      replyTone: 'friendly',
      replySignature: '  — Sam from SnapBill ',
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.replyTone, 'friendly');
    assert.equal(created.body.replySignature, '— Sam from SnapBill');
    const rest = await fetch(`${t.baseUrl}/api/v1/projects/${created.body.id}`, {
      headers: { authorization: `Bearer ${owner.restKey}` },
    });
    assert.equal((await rest.json()).project.replyTone, 'friendly');
    const plainOne = await d.post('/projects', { name: 'Defaults' });
    assert.equal(plainOne.body.replyTone, 'plain');
    assert.equal(plainOne.body.replySignature, null);
    const file = (await d.get('/projects/export')).body as Record<string, unknown>[];
    const snap = file.find((p) => p.name === 'SnapBill')!;
    assert.equal(snap.replyTone, 'friendly');
    assert.equal(snap.replySignature, '— Sam from SnapBill');
    // A project without them is written as before: no tone, no signature.
    const bare = file.find((p) => p.name === 'Defaults')!;
    assert.ok(!('replyTone' in bare) && !('replySignature' in bare), JSON.stringify(bare));
    const imported = await d.post('/projects/import', [
      { ...snap, name: 'SnapBill copy', replyTone: 'expert' },
    ]);
    assert.equal(imported.status, 200, JSON.stringify(imported.body));
    const copy = (await d.get('/projects/export')).body.find(
      (p: { name: string }) => p.name === 'SnapBill copy',
    );
    assert.equal(copy.replyTone, 'expert');
  });

  test('a bad tone or signature is a 400 naming the field, and changes nothing', async () => {
    const p = (await d.post('/projects', { name: 'Steady', replyTone: 'expert', replySignature: '— Jo' }))
      .body;
    const before = await row(p.id);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ replyTone: 'shouty' }, 'replyTone', /Reply tone must be one of plain, friendly, expert/],
      [{ replySignature: 'x'.repeat(81) }, 'replySignature', /at most 80 characters/],
      [{ replySignature: '— Jo, https://snapbill.example' }, 'replySignature', /must not contain a link/],
      [{ replySignature: 'two\nlines' }, 'replySignature', /single line/],
    ];
    for (const [change, field, message] of cases) {
      const res = await d.call('PUT', `/projects/${p.id}`, { name: 'Steady', ...change });
      assert.equal(res.status, 400, JSON.stringify(change));
      assert.equal(res.body.error.code, 'invalid_request');
      const f = (res.body.error.fields as { field: string; message: string }[]).find(
        (x) => x.field === field,
      );
      assert.ok(f, JSON.stringify(res.body.error));
      assert.match(f.message, message);
      const tool = await callTool(t.baseUrl, owner.mcpKey, 'update_project', { projectId: p.id, ...change });
      assert.equal(
        tool.body.result?.isError ?? tool.body.error !== undefined,
        true,
        JSON.stringify(tool.body),
      );
    }
    const imported = await d.post('/projects/import', [{ name: 'Steady', replyTone: 'loud' }]);
    assert.equal(imported.status, 400);
    assert.deepEqual(await row(p.id), before);
  });

  test("a scan drafts each lead's reply in the project's tone, its signature last", async () => {
    const project = await createProject(t.services, owner.userId, {
      name: 'Salon drafts',
      keywords: DEMO_PROJECT.keywords,
      subreddits: DEMO_PROJECT.subreddits,
      scoreThreshold: DEMO_PROJECT.scoreThreshold,
      solution: DEMO_PROJECT.solution,
      replyTone: 'friendly',
      replySignature: '— Sam from ChairTime',
    });
    const queued = await t.services.scans.requestScan(project.id, 'tool');
    assert.equal((await t.services.scans.waitForScan(queued.scanId, 60_000)).status, 'done');
    const rows = await t.db.query<{ reply: string }>('SELECT reply FROM leads WHERE project_id = $1', [
      project.id,
    ]);
    assert.ok(rows.length >= 5, `${rows.length} leads`);
    for (const { reply } of rows) {
      assert.ok(reply.endsWith('\n— Sam from ChairTime'), reply);
      assert.equal(reply.split('— Sam from ChairTime').length - 1, 1, reply);
    }
  });

  test('update_project changes the tone and keeps the signature', async () => {
    const p = (await d.post('/projects', { name: 'Toned', replySignature: '— Ana' })).body;
    const res = await callTool(t.baseUrl, owner.mcpKey, 'update_project', {
      projectId: p.id,
      replyTone: 'expert',
    });
    assert.notEqual(res.body.result.isError, true, JSON.stringify(res.body));
    assert.deepEqual(await row(p.id), { reply_tone: 'expert', reply_signature: '— Ana' });
  });
});
