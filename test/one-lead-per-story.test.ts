// One lead per story (docs/decisions/0120-one-lead-per-story.md), as a user meets it: a scan over a local Reddit
// holding a post, the author's double post, the author's copy in another subreddit and a cross-post of it (and a
// day later the author's near copy) gives one lead that lists every place, on REST and through the official MCP
// SDK client's list_leads, and sends exactly one lead.created to a real local HTTPS receiver. Two posts under one
// title with different bodies stay two leads; a short generic post written twice is never merged.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Lead } from '../src/leads/leads.schemas.ts';
import { getJson, testConfig } from './harness.ts';
import { makeTestCa, type Receiver, startReceiver, type TestCa } from './receivers.ts';
import { ID, POSTS, type PostName, type StoryScenario, startStoryScenario, urlOf } from './story-scenario.ts';

describe('one lead per story', () => {
  let s: StoryScenario;
  let ca: TestCa;
  let receiver: Receiver;
  let mcp: Client;

  before(async () => {
    ca = makeTestCa();
    receiver = await startReceiver(ca);
    s = await startStoryScenario({
      config: { webhooks: { ...testConfig().webhooks, allowPrivate: true, extraCaPem: ca.caPem } },
      beforeFirstScan: async ({ t, acct, projectId }) => {
        await t.services.webhooks.register(acct.userId, projectId, receiver.url);
      },
    });
    mcp = new Client({ name: 'story-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${s.t.baseUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${s.acct.mcpKey}` } },
      }),
    );
  });
  after(async () => {
    await mcp?.close();
    await s?.close();
    await receiver?.close();
  });

  const restLeads = async () => {
    const res = await getJson(
      s.t.baseUrl,
      `/api/v1/projects/${s.projectId}/leads?status=all&include=body&limit=100`,
      s.acct.restKey,
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.leads as Lead[];
  };
  const toolLeads = async () => {
    const result = await mcp.callTool({
      name: 'list_leads',
      arguments: { projectId: s.projectId, status: 'all', include: 'body', limit: 100 },
    });
    assert.notEqual(result.isError, true, JSON.stringify(result.content));
    return (result.structuredContent as { leads: Lead[] }).leads;
  };
  const leadOf = (leads: Lead[], name: PostName) => leads.find((l) => l.postId === ID[name]);
  const placeOf = (name: PostName) => ({
    postId: ID[name],
    commentId: null,
    subreddit: POSTS[name].sub,
    author: POSTS[name].author,
    url: urlOf(name),
  });
  const places = (lead: Lead | undefined) => lead?.otherPlaces?.map(({ postedAt: _, ...place }) => place);
  /** The deliveries the receiver got, each as its event and post link. */
  const deliveries = async () => {
    await s.t.services.webhooks.idle();
    return receiver.received.map((r) => {
      const body = JSON.parse(r.raw.toString('utf8'));
      return { event: body.event as string, url: body.data.url as string };
    });
  };

  test('copies found in one scan are one lead: the earliest post its home, the others its places', async () => {
    const leads = await restLeads();
    assert.deepEqual(
      leads.map((l) => l.postId).sort(),
      [ID.home, ID.titleA, ID.titleB, ID.genericA, ID.genericB].sort(),
      'the double post, the copy and the cross-post made no lead of their own',
    );
    const story = leadOf(leads, 'home')!;
    assert.equal(story.subreddit, POSTS.home.sub);
    assert.equal(story.url, urlOf('home'));
    assert.deepEqual(places(story), [placeOf('double'), placeOf('copy'), placeOf('xpost')]);
    // Oldest first, each with its own date.
    const dates = story.otherPlaces!.map((p) => Date.parse(p.postedAt));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => a - b),
    );
    assert.ok(dates.every((d) => d > Date.parse(story.postedAt)));
  });

  test('two posts under one title with different bodies stay two leads; a short generic post is never merged', async () => {
    const leads = await restLeads();
    for (const name of ['titleA', 'titleB', 'genericA', 'genericB'] as const) {
      assert.deepEqual(leadOf(leads, name)?.otherPlaces, [], name);
    }
  });

  test('list_leads (the official MCP SDK client) lists the same places, valid against the tool’s output schema', async () => {
    const [rest, tool] = [await restLeads(), await toolLeads()];
    assert.deepEqual(
      tool.map((l) => [l.id, l.otherPlaces]),
      rest.map((l) => [l.id, l.otherPlaces]),
    );
    assert.equal(leadOf(tool, 'home')?.otherPlaces?.length, 3);
  });

  test('the story sent one lead.created, for its home; its copies sent none', async () => {
    const got = await deliveries();
    assert.ok(got.every((d) => d.event === 'lead.created'));
    assert.deepEqual(
      got.map((d) => d.url).sort(),
      [...(['home', 'titleA', 'titleB', 'genericA', 'genericB'] as const).map(urlOf)].sort(),
    );
  });

  test('a day later the author’s near copy joins the lead as a place: no new lead, no new lead.created', async () => {
    await s.nextDay();
    const leads = await restLeads();
    assert.equal(leads.length, 5);
    assert.equal(leadOf(leads, 'later'), undefined);
    assert.deepEqual(places(leadOf(leads, 'home')), [
      placeOf('double'),
      placeOf('copy'),
      placeOf('xpost'),
      placeOf('later'),
    ]);
    assert.deepEqual(places(leadOf(await toolLeads(), 'home')), places(leadOf(leads, 'home')));
    const got = await deliveries();
    assert.equal(got.length, 5, JSON.stringify(got));
    assert.equal(got.filter((d) => d.url === urlOf('home')).length, 1);
    const attempts = await s.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_attempts a JOIN leads l ON l.id = a.lead_id WHERE l.project_id = $1`,
      [s.projectId],
    );
    assert.equal(attempts[0]!.n, 5, 'every attempt is one of the five leads’ first');
  });

  test('a copy deleted on Reddit is listed no more; when the home is deleted the lead moves home to its oldest copy', async () => {
    s.fake.deleteThing(`t3_${ID.double}`, 'author');
    s.fake.deleteThing(`t3_${ID.home}`, 'author');
    s.clock.advance(2 * 60 * 60_000);
    const result = await s.t.services.deletions.recheck(s.clock.now());
    assert.equal(result.gone, 2, JSON.stringify(result));
    const leads = await restLeads();
    assert.equal(leads.length, 5, 'the story is still a lead');
    const story = leads.find((l) => l.postId === ID.copy);
    assert.ok(story, 'its home is now the author’s copy in another subreddit');
    assert.equal(story.url, urlOf('copy'));
    assert.equal(story.subreddit, POSTS.copy.sub);
    // With the copy's own title and text.
    assert.match(story.title, /^\[Advice\] Booking software/);
    assert.match(story.body ?? '', /booking\s+software\s+that\s+takes\s+deposits/);
    assert.deepEqual(places(story), [placeOf('xpost'), placeOf('later')]);
    assert.ok(!JSON.stringify(leads).includes(ID.home) && !JSON.stringify(leads).includes(ID.double));
  });
});
