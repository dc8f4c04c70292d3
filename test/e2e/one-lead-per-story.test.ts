// One lead per story on the dashboard, in headless Chromium (docs/decisions/0120-one-lead-per-story.md): after a
// scan over a local Reddit holding a post, the author's double post, the author's copy in another subreddit and a
// cross-post (test/story-scenario.ts), the queue shows one row for the story saying where else it was posted, with
// links; so does the card an alert links to, and the CSV export lists the other places' links.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import type { Lead } from '../../src/leads/leads.schemas.ts';
import { getJson } from '../harness.ts';
import { ID, POSTS, type StoryScenario, startStoryScenario, urlOf } from '../story-scenario.ts';
import { chromiumMissing, launchChromium, screenshotDir, signIn, watchPageErrors } from './browser.ts';
import { ensureWebBuilt } from './build-web.ts';

describe('one lead per story on the dashboard', { skip: chromiumMissing, timeout: 300_000 }, () => {
  let s: StoryScenario;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let story: Lead;
  const shots = screenshotDir();
  let allPassed = true;

  before(async () => {
    await ensureWebBuilt();
    s = await startStoryScenario();
    const res = await getJson(
      s.t.baseUrl,
      `/api/v1/projects/${s.projectId}/leads?status=all&limit=100`,
      s.acct.restKey,
    );
    story = (res.body.leads as Lead[]).find((l) => l.postId === ID.home)!;
    assert.ok(story);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    errors = watchPageErrors(page);
    await signIn(page, s.t, s.acct.userId);
  });
  after(async () => {
    await browser?.close();
    await s?.close();
    shots.done(allPassed);
  });
  afterEach((c) => {
    if ('passed' in c && !c.passed) allPassed = false;
  });

  const expected = [
    { text: `r/${POSTS.double.sub}`, href: urlOf('double') },
    { text: `r/${POSTS.copy.sub}`, href: urlOf('copy') },
    { text: `r/${POSTS.xpost.sub}`, href: urlOf('xpost') },
  ];
  const linksIn = (scope: ReturnType<Page['locator']>) =>
    scope
      .locator('.other-places a')
      .evaluateAll((as) => as.map((a) => ({ text: a.textContent, href: a.getAttribute('href') })));

  test('the queue has one row for the story, saying where else it was posted, with links', async () => {
    await page.goto(`${s.t.baseUrl}/projects/${s.projectId}`);
    await page.locator('tr.lead-row').first().waitFor();
    const rows = await page
      .locator('tr.lead-row .lead-title')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.equal(rows.length, 5, JSON.stringify(rows));
    assert.equal(rows.filter((href) => href === urlOf('home')).length, 1);
    for (const copy of ['double', 'copy', 'xpost'] as const) assert.ok(!rows.includes(urlOf(copy)), copy);
    const row = page.locator(`tr[data-lead-id="${story.id}"]`);
    assert.equal(
      await row.locator('.other-places').innerText(),
      `Also posted in r/${POSTS.double.sub}, r/${POSTS.copy.sub}, r/${POSTS.xpost.sub}`,
    );
    assert.deepEqual(await linksIn(row), expected);
    // Rows of stories told once say nothing of the kind.
    assert.equal(await page.locator('.other-places').count(), 1);
    await row.screenshot({ path: join(shots.dir, 'story-row.png') });
    assert.deepEqual(errors, []);
  });

  test('the card an alert links to lists the other places too', async () => {
    await page.goto(`${s.t.baseUrl}/projects/${s.projectId}?lead=${story.id}`);
    const card = page.locator('section.linked-lead');
    await card.locator('.other-places').waitFor();
    assert.deepEqual(await linksIn(card), expected);
    assert.deepEqual(errors, []);
  });

  test('the CSV export lists the other places’ links beside the lead', async () => {
    const res = await page.request.get(
      `${s.t.baseUrl}/dashboard/api/projects/${s.projectId}/leads.csv?status=all`,
    );
    assert.equal(res.status(), 200);
    const rows = parse(await res.text(), { bom: true, columns: true }) as Record<string, string>[];
    assert.equal(rows.length, 5);
    const row = rows.find((r) => r.postId === ID.home);
    assert.equal(row?.otherPlaces, expected.map((e) => e.href).join(' '));
    assert.ok(rows.filter((r) => r !== row).every((r) => r.otherPlaces === ''));
  });
});
