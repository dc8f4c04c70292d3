// Keyword performance in the browser: after a real scan of the sample corpus, the Keywords tab lists each keyword
// with what it matched and found, says which look noisy or dead, and removes one (and puts it back) through the
// project's own update path.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PROJECT } from '../../src/demo.ts';
import { createAccount, createProject, startTestApp, type TestApp } from '../harness.ts';
import { axeViolations } from './axe.ts';
import { chromiumMissing, launchChromium, signIn, watchPageErrors } from './browser.ts';
import { ensureWebBuilt } from './build-web.ts';

const KEYWORDS = [...DEMO_PROJECT.keywords, 'zebra crossing'];

describe('keyword performance in the dashboard', { skip: chromiumMissing }, () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let acct: Awaited<ReturnType<typeof createAccount>>;
  let projectId = '';

  const restKeywords = async () => {
    const res = await fetch(`${t.baseUrl}/api/v1/projects/${projectId}`, {
      headers: { authorization: `Bearer ${acct.restKey}` },
    });
    return ((await res.json()) as { project: { keywords: string[] } }).project.keywords;
  };
  const row = (keyword: string) => page.locator(`.keywords-table tr[data-keyword="${keyword}"]`);
  const rowKeywords = () => page.locator('.keywords-table th.keyword-name .keyword-text').allInnerTexts();

  before(async () => {
    await ensureWebBuilt();
    t = await startTestApp();
    acct = await createAccount(t.services);
    const project = await createProject(t.services, acct.userId, {
      name: DEMO_PROJECT.name,
      keywords: KEYWORDS,
      subreddits: DEMO_PROJECT.subreddits,
      pain: DEMO_PROJECT.pain,
    });
    projectId = project.id;
    const scan = await t.services.scans.requestScan(projectId, 'dashboard');
    assert.equal((await t.services.scans.waitForScan(scan.scanId, 60_000)).status, 'done');
    // The person has marked every lead "no-shows" found not a fit.
    await t.db.query(
      `UPDATE leads SET status = 'not_fit' WHERE project_id = $1 AND matched_phrase = 'no-shows'`,
      [projectId],
    );
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    errors = watchPageErrors(page);
    await signIn(page, t, acct.userId);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  test('the table lists every keyword with its figures and says which look noisy or dead', async () => {
    await page.goto(`${t.baseUrl}/projects/${projectId}`);
    await page
      .getByRole('navigation', { name: 'Project sections' })
      .getByRole('link', { name: 'Keywords' })
      .click();
    await page.waitForURL(`${t.baseUrl}/projects/${projectId}/keywords`);
    await page.locator('.keywords-table').waitFor();
    assert.deepEqual(await rowKeywords(), KEYWORDS);
    const cell = (keyword: string, label: string) =>
      row(keyword).locator(`td[data-label="${label}"]`).innerText();
    assert.ok(Number(await cell('online booking', 'Matched')) > 0);
    assert.ok(Number(await cell('online booking', 'Leads')) > 0);
    assert.ok(
      Number(await cell('online booking', 'Matched')) >= Number(await cell('online booking', 'Leads')),
    );
    assert.equal(await cell('zebra crossing', 'Matched'), '0');
    assert.match(
      await cell('zebra crossing', 'Hint'),
      /^Dead: matched none of the [\d,]{3,} posts and comments read in 30 days\.$/,
    );
    const noShows = Number(await cell('no-shows', 'Leads'));
    assert.ok(noShows >= 3, `${noShows} no-shows leads`);
    assert.equal(await cell('no-shows', 'Not a fit'), String(noShows));
    assert.equal(
      await cell('no-shows', 'Hint'),
      `Noisy: you marked ${noShows} of its ${noShows} leads not a fit or hidden.`,
    );
    // Keyword health under the keyword: a large share of what the scans read, and leads that say it is noise.
    assert.match(
      await row('no-shows').locator('.keyword-warning').innerText(),
      /^Matches [\d.]+% of the [\d,]+ posts and comments of the last 30 days: most of them will be about something else\./,
    );
    assert.equal(await row('online booking').locator('.keyword-warning').count(), 0);
    assert.deepEqual(await axeViolations(page), []);
  });

  test('Remove keyword edits the project at once, and Undo puts it back in its place', async () => {
    await page.getByRole('button', { name: 'Remove keyword “zebra crossing”' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Removed “zebra crossing”' });
    await status.waitFor();
    await row('zebra crossing').waitFor({ state: 'detached' });
    assert.deepEqual(await rowKeywords(), DEMO_PROJECT.keywords);
    assert.deepEqual(await restKeywords(), DEMO_PROJECT.keywords, 'the REST API sees the change');
    // The focus is on what happened, not lost with the removed row's button.
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'status');
    assert.deepEqual(await axeViolations(page), []);

    await status.getByRole('button', { name: 'Undo' }).click();
    await row('zebra crossing').waitFor();
    assert.deepEqual(await rowKeywords(), KEYWORDS);
    assert.deepEqual(await restKeywords(), KEYWORDS);

    // Settings shows the same list the project now has.
    await page.getByRole('button', { name: 'Remove keyword “salon software”' }).click();
    await row('salon software').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.locator('fieldset[data-list="keywords"]').waitFor();
    const chips = await page.locator('fieldset[data-list="keywords"] .list-item > span').allInnerTexts();
    assert.deepEqual(
      chips,
      KEYWORDS.filter((k) => k !== 'salon software'),
    );
    assert.deepEqual(errors, []);
  });

  test('on a phone each keyword is a card that fits the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.baseUrl}/projects/${projectId}/keywords`);
    await page.locator('.keywords-table').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true);
    const box = await row('no-shows')
      .getByRole('button', { name: /Remove keyword/ })
      .boundingBox();
    assert.ok(box && box.x + box.width <= 390, JSON.stringify(box));
    assert.deepEqual(await axeViolations(page), []);
  });
});
