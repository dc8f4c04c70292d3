// The first ten minutes in headless Chromium (issue 37): paste a product page's address on the new-project page, get
// the suggested profile and its preview over stored posts, create the project, and land on its queue, where the
// first scan (started at once, nobody presses Run scan) shows leads. The page and preview pass axe-core.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type JobRunner, startJobs } from '../../src/jobs/jobs.ts';
import { createAccount, startTestApp, type TestApp, testConfig } from '../harness.ts';
import { type PageServer, seedStoredPosts, startPageServer } from '../onboarding-helpers.ts';
import { makeTestCa } from '../receivers.ts';
import { axeViolations } from './axe.ts';
import { chromiumMissing, launchChromium, screenshotDir, signIn, watchPageErrors } from './browser.ts';
import { ensureWebBuilt } from './build-web.ts';

describe('a new project from its product page', { skip: chromiumMissing }, () => {
  const ca = makeTestCa();
  let pages: PageServer;
  let t: TestApp;
  let jobs: JobRunner;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let userId: string;
  const shots = screenshotDir();
  let passed = true;
  const shot = (name: string) => page.screenshot({ path: join(shots.dir, `${name}.png`), fullPage: true });

  before(async () => {
    await ensureWebBuilt();
    pages = await startPageServer(ca);
    t = await startTestApp({
      config: { webhooks: { ...testConfig().webhooks, allowPrivate: ['127.0.0.1'], extraCaPem: ca.caPem } },
    });
    // The job queue runs as in `npm start`: it runs the first scan the new project starts.
    jobs = await startJobs(t.services, { log: { info() {}, warn() {} } });
    await seedStoredPosts(t.db, new Date());
    ({ userId } = await createAccount(t.services));
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    errors = watchPageErrors(page);
    await signIn(page, t, userId);
  });
  after(async () => {
    await browser?.close();
    await jobs?.stop();
    await t?.close();
    await pages?.close();
    shots.done(passed);
  });

  test('paste a URL, review the suggestion and its preview, create: the queue fills from the first scan', async () => {
    try {
      await page.goto(`${t.baseUrl}/projects/new`);
      const suggest = page.locator('section.suggest');

      // Neither an address nor a paragraph: said in place, nothing asked of the service.
      await suggest.getByRole('button', { name: 'Suggest a profile' }).click();
      await suggest
        .getByRole('alert')
        .getByText(/page address or describe the product/)
        .waitFor();

      // A private address the operator did not allow is refused with the service's sentence.
      await suggest.getByLabel('Product page').fill('https://10.1.2.3/');
      await suggest.getByRole('button', { name: 'Suggest a profile' }).click();
      await suggest
        .getByRole('alert')
        .filter({ hasText: /private|not allowed|refused/i })
        .waitFor();
      assert.equal(await page.getByLabel('Name').inputValue(), '', 'the form is left as it was');

      await suggest.getByLabel('Product page').fill(`${pages.origin}/chairtime.html`);
      await suggest.getByRole('button', { name: 'Suggest a profile' }).click();
      await suggest.getByText(/^Suggested: \d+ keywords/).waitFor();
      assert.equal(await page.getByLabel('Name').inputValue(), 'ChairTime');
      assert.ok((await page.getByLabel('Solution').inputValue()).length > 10);
      const keywords = await page.locator('fieldset[data-list="keywords"] .list-item > span').allInnerTexts();
      assert.ok(keywords.length >= 5, `keywords: ${keywords.join(', ')}`);
      assert.ok(!keywords.some((k) => /pricing|log ?in/i.test(k)), `no page chrome: ${keywords.join(', ')}`);
      const competitors = await page
        .locator('fieldset[data-list="competitors"] .list-item > span')
        .allInnerTexts();
      assert.ok(competitors.includes('Vagaro'), competitors.join(', '));

      // The preview: one row per keyword with its matches over the stored posts, and scored examples.
      const preview = page.locator('section.preview');
      const rows = preview.locator('table.preview-keywords tbody tr');
      assert.equal(await rows.count(), keywords.length);
      const counted = await rows.locator('td.num').allInnerTexts();
      assert.ok(
        counted.some((c) => /^[1-9]/.test(c)),
        `some keyword matches stored posts: ${counted.join(', ')}`,
      );
      assert.ok((await preview.locator('.preview-examples li').count()) >= 1, 'scored examples');
      assert.match(await preview.innerText(), /no cost/i);

      // "software" added by hand: previewing the form's keywords warns about it.
      const list = page.locator('fieldset[data-list="keywords"]');
      await list.getByRole('textbox').fill('software');
      await list.getByRole('textbox').press('Enter');
      await preview.getByRole('button', { name: 'Preview the keywords below' }).click();
      const software = rows.filter({ has: page.getByRole('rowheader', { name: 'software', exact: true }) });
      await software.waitFor();
      assert.equal(await software.getAttribute('data-warning'), 'yes');
      await list.getByRole('button', { name: 'Remove keyword software' }).click();

      assert.deepEqual(await axeViolations(page), []);
      await shot('new-project-suggested-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      assert.deepEqual(await axeViolations(page), []);
      await shot('new-project-suggested-390');
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByRole('button', { name: 'Create project' }).click();
      await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
      // Nobody presses Run scan: the first scan started with the project fills the queue.
      // The page was opened before the scan wrote anything: it follows the scan and shows leads as they come.
      await page.locator('.lead-row').first().waitFor({ timeout: 90_000 });
      const projectId = new URL(page.url()).pathname.split('/').pop()!;
      const [scan] = await t.db.query<{ trigger: string }>(
        'SELECT trigger FROM scans WHERE project_id = $1 ORDER BY created_at LIMIT 1',
        [projectId],
      );
      assert.notEqual(scan?.trigger, 'dashboard', 'the first scan is not a Run scan press');
      await shot('new-project-first-leads');
      assert.deepEqual(errors, []);
    } catch (err) {
      passed = false;
      throw err;
    }
  });
});
