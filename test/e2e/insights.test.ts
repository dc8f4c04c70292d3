// The demo as `npm start` runs it (demo account, jobs started, the shipped sample corpus and SEO sample): pain
// themes and SEO opportunities appear by themselves, in the REST API and in the dashboard in headless Chromium.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../../src/config/index.ts';
import { createDemoAccount } from '../../src/demo.ts';
import { type JobRunner, startJobs } from '../../src/jobs/jobs.ts';
import { getJson, startTestApp, type TestApp } from '../harness.ts';
import { chromiumMissing, launchChromium, screenshotDir, signIn, watchPageErrors } from './browser.ts';
import { ensureWebBuilt } from './build-web.ts';

const silent = { info() {}, warn() {} };

async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('the demo shows pain themes and SEO opportunities', { skip: chromiumMissing }, () => {
  let t: TestApp;
  let jobs: JobRunner;
  let browser: Browser;
  let page: Page;
  let demo: Awaited<ReturnType<typeof createDemoAccount>>;
  const shots = screenshotDir();
  let passed = true;

  before(async () => {
    await ensureWebBuilt();
    // The demo's own settings: no SEO_PROVIDER, so the shipped sample answers (loadConfig({}) is npm start's).
    t = await startTestApp({ config: { seo: loadConfig({}).seo } });
    demo = await createDemoAccount(t.services);
    jobs = await startJobs(t.services, { log: silent });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  after(async () => {
    await browser?.close();
    await jobs?.stop();
    await t?.close();
    shots.done(passed);
  });

  test('after startup the jobs scan, cluster and search; the REST API lists themes and opportunities', async () => {
    const base = `/api/v1/projects/${demo.projectId}`;
    const themes = await until('pain themes', async () => {
      const r = await getJson(t.baseUrl, `${base}/pain-themes`, demo.restKey);
      return r.body.themes?.length ? r.body.themes : null;
    });
    assert.ok(themes.every((th: any) => th.label && th.summary && th.leadIds.length >= 3));
    const seo = await until('SEO opportunities', async () => {
      const r = await getJson(t.baseUrl, `${base}/seo-opportunities`, demo.restKey);
      return r.body.opportunities?.length ? r.body.opportunities : null;
    });
    assert.equal(seo[0].position, 1);
    assert.ok(seo.some((o: any) => o.competitorPresent));
    assert.ok(seo.every((o: any) => /^https:\/\/www\.reddit\.com\/r\/\w+\/comments\//.test(o.post.url)));
  });

  test('the dashboard shows the themes and the SEO table, labelled as sample data', async () => {
    try {
      const errors = watchPageErrors(page);
      await signIn(page, t, demo.userId);

      await page.goto(`${t.baseUrl}/projects/${demo.projectId}/themes`);
      await page.getByRole('link', { name: 'Pain themes' }).waitFor();
      const first = page.locator('.theme').first();
      await first.waitFor();
      assert.ok((await page.locator('.theme').count()) >= 1);
      assert.match(await first.innerText(), /\d+ leads/);
      assert.match(await page.getByTestId('themes-run').innerText(), /Clustered .* from \d+ leads/);
      await page.screenshot({ path: join(shots.dir, 'pain-themes.png'), fullPage: true });

      await page.getByRole('link', { name: 'SEO', exact: true }).click();
      await page.waitForURL(new RegExp(`/projects/${demo.projectId}/seo$`));
      await page.locator('tr[data-seo-id]').first().waitFor();
      assert.match(await page.getByTestId('seo-sample').innerText(), /Sample data/);
      const rows = await page.locator('tr[data-seo-id]').count();
      assert.ok(rows >= 10, `${rows} rows`);
      assert.match(await page.locator('tr[data-seo-id]').first().innerText(), /^1\s/);
      await page.screenshot({ path: join(shots.dir, 'seo.png'), fullPage: true });

      await page.getByRole('link', { name: 'AI visibility' }).click();
      await page.getByTestId('ai-not-configured').waitFor();
      assert.match(await page.getByTestId('ai-not-configured').innerText(), /Set AI_ENGINES/);
      assert.deepEqual(errors, []);
    } catch (err) {
      passed = false;
      throw err;
    }
  });
});
