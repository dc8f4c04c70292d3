import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fixedClock } from '../src/clock.ts';
import { DEMO_PROJECT } from '../src/demo.ts';
import { createAccount, startTestApp, type TestApp, testConfig } from './harness.ts';
import { callTool } from './mcp-helpers.ts';

// docs/decisions/0007-since-lifts-the-lead-window.md: every lead a webhook announced stays reachable with
// list_leads and `since`, however old its post; newLeads counts exactly what the default queue pages through.
const DAY = 86_400_000;
const clock = fixedClock(new Date());
let t: TestApp;
let acct: Awaited<ReturnType<typeof createAccount>>;
let projectId: string;
const announced: string[] = [];

async function pageAll(args: Record<string, unknown>): Promise<{ id: string; postedAt: string }[]> {
  const leads: { id: string; postedAt: string }[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await callTool(t.baseUrl, acct.mcpKey, 'list_leads', {
      projectId,
      ...args,
      limit: 100,
      offset,
    });
    const out = res.body.result.structuredContent;
    leads.push(...out.leads);
    if (!out.pagination.hasMore) return leads;
  }
}

before(async () => {
  // The replayed corpus spreads over 90 days, so the scan drafts leads for posts older than the 30-day window.
  const base = testConfig();
  t = await startTestApp({
    clock,
    config: { upstream: { ...base.upstream, replayWindowDays: 90 } },
  });
  acct = await createAccount(t.services);
  projectId = (await t.services.projects.upsertProject(acct.userId, DEMO_PROJECT)).id;
  t.services.events.on('lead.created', (e) => {
    if (e.projectId === projectId) announced.push(e.leadId);
  });
  const scan = await t.services.scans.requestScan(projectId, 'tool');
  const done = await t.services.scans.waitForScan(scan.scanId, 60_000);
  assert.equal(done.status, 'done', JSON.stringify(done));
});
after(() => t.close());

test('the scan announced leads for posts both inside and outside the 30-day window', async () => {
  const leads = await pageAll({ status: 'all', since: '1970-01-01' });
  const byId = new Map(leads.map((l) => [l.id, l]));
  const ages = announced.map((id) => clock.now().getTime() - Date.parse(byId.get(id)!.postedAt));
  assert.ok(
    ages.some((a) => a > 30 * DAY),
    'some announced post is older than 30 days',
  );
  assert.ok(
    ages.some((a) => a < 30 * DAY),
    'some announced post is newer than 30 days',
  );
});

test('every announced lead is reachable with since, now and 60 days later; newLeads counts the queue', async () => {
  assert.ok(announced.length > 0);
  for (const later of [0, 60 * DAY]) {
    clock.advance(later);
    const reachable = new Set(
      (await pageAll({ status: 'all', since: '2000-01-01T00:00:00' })).map((l) => l.id),
    );
    for (const id of announced) assert.ok(reachable.has(id), `lead ${id} reachable ${later / DAY} days on`);
    const queue = await pageAll({});
    const listed = (await callTool(t.baseUrl, acct.mcpKey, 'list_projects', {})).body.result
      .structuredContent;
    const project = listed.projects.find((p: { id: string }) => p.id === projectId);
    assert.equal(project.newLeads, queue.length, `newLeads is the queue's length ${later / DAY} days on`);
  }
});
