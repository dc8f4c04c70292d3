// The daily spend cap in headless Chromium (ADR 0102): a Run scan at the cap says so where its result shows, the
// usage page shows today's spend against the cap, warns from 80 %, and refuses a bad cap in words.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createAccount, createProject, startTestApp, type TestApp } from '../harness.ts';
import { chromiumMissing, launchChromium, screenshotDir, signIn, watchPageErrors } from './browser.ts';
import { ensureWebBuilt } from './build-web.ts';

describe('the daily spend cap in the dashboard', { skip: chromiumMissing }, () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let acct: Awaited<ReturnType<typeof createAccount>>;
  let projectId: string;
  const shots = screenshotDir();
  let passed = true;
  const shot = (name: string) => page.screenshot({ path: join(shots.dir, `${name}.png`), fullPage: true });

  before(async () => {
    await ensureWebBuilt();
    t = await startTestApp();
    acct = await createAccount(t.services);
    projectId = (
      await createProject(t.services, acct.userId, {
        name: 'Salon booking',
        keywords: ['booking software', 'appointment scheduling', 'no-shows', 'online booking'],
        subreddits: ['Barber', 'hairstylist'],
      })
    ).id;
    await t.services.spendCap.setOwnCap(acct.userId, 0.002);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    errors = watchPageErrors(page);
    await signIn(page, t, acct.userId);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    shots.done(passed);
  });

  test('Run scan at the cap: the result says the cap stopped it and when scans buy again', async () => {
    try {
      await page.goto(`${t.baseUrl}/projects/${projectId}`);
      await page.getByRole('button', { name: 'Run scan' }).click();
      await page.getByText(/Scan done: \d+ leads? found/).waitFor({ timeout: 60_000 });
      const said = page.locator('.scan p[role="status"]');
      await said.waitFor();
      assert.match(
        await said.innerText(),
        /Daily spend cap reached: \$0\.002 of \$0\.002 spent today \(UTC\)\..*scans buy again at 00:00 UTC/,
      );
      await shot('spend-cap-scan');
      await page.screenshot({
        path: join(shots.dir, 'spend-cap-scan-head.png'),
        clip: { x: 0, y: 0, width: 1280, height: 320 },
      });
      assert.deepEqual(errors, []);
    } catch (err) {
      passed = false;
      throw err;
    }
  });

  test('the usage page: spend against the cap, a warning from 80 %, and a bad cap refused', async () => {
    try {
      await page.goto(`${t.baseUrl}/usage`);
      await page.getByText('Daily spend cap reached: $0.002 of your $0.002 daily spend cap').waitFor();
      const input = page.getByLabel('Your daily cap (USD)');
      // Refused in the form's words (not the API's "dailyCapUsd … or null"), and nothing changes.
      for (const bad of ['-1', 'abc', '5,00']) {
        await input.fill(bad);
        await page.getByRole('button', { name: 'Save cap' }).click();
        const said = page.locator('.spend-cap-form .field-error');
        await said.waitFor();
        assert.equal(
          await said.innerText(),
          'Write the cap as an amount of US dollars, such as 2.50, or leave it empty for the default ($5.00).',
          bad,
        );
        assert.equal((await t.services.spendCap.state(acct.userId)).capUsd, 0.002, 'nothing changed');
      }
      await input.fill('2000000');
      await page.getByRole('button', { name: 'Save cap' }).click();
      await page.getByText('The cap can be at most $1,000,000.00 a day.').waitFor();
      assert.equal((await t.services.spendCap.state(acct.userId)).capUsd, 0.002, 'nothing changed');

      await input.fill('0.0024');
      await page.getByRole('button', { name: 'Save cap' }).click();
      await page.getByText('Daily spend cap reached: $0.002 of your $0.0024 daily spend cap').waitFor();
      await input.fill('$0.01');
      await page.getByRole('button', { name: 'Save cap' }).click();
      await page.getByText('Today (UTC): $0.002 of your $0.01 daily spend cap ($0.008 left).').waitFor();

      // Another $0.0065 bought today (an AI-visibility check, say): 85 %, warned before scans stop buying.
      await t.db.query(
        `INSERT INTO upstream_calls (project_id, api, cost_usd, reused, ok, called_at) VALUES ($1, 'replay.search', 0.0065, false, true, now())`,
        [projectId],
      );
      await page.reload();
      await page
        .getByText('85% of the daily spend cap used: $0.0085 of your $0.01 daily spend cap, $0.0015 left')
        .waitFor();
      await shot('spend-cap-usage');
      assert.deepEqual(errors, []);
    } catch (err) {
      passed = false;
      throw err;
    }
  });

  test('on a phone: the cap card stands apart from the totals, and each legend swatch stays beside its words', async () => {
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${t.baseUrl}/usage`);
      await page.getByTestId('usage-calls').waitFor();
      const gap = await page.evaluate(() => {
        const cap = document.querySelector('section[aria-labelledby="spend-cap-title"]')!;
        const totals = document.querySelector('.totals')!;
        return totals.getBoundingClientRect().top - cap.getBoundingClientRect().bottom;
      });
      assert.ok(gap >= 8, `the spend cap card and the totals are ${gap}px apart`);
      // Each swatch's vertical middle lies within the first line of the words it names.
      const apart = await page
        .locator('.legend')
        .first()
        .evaluate((legend) => {
          const found: string[] = [];
          for (const swatch of legend.querySelectorAll('.swatch')) {
            const words = swatch.nextSibling;
            if (!words?.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(words);
            const line = range.getClientRects()[0]!;
            const s = swatch.getBoundingClientRect();
            const middle = (s.top + s.bottom) / 2;
            if (middle < line.top || middle > line.bottom) found.push(words.textContent.trim());
          }
          return found;
        });
      assert.deepEqual(apart, [], 'a swatch wrapped away from its words');
      await shot('spend-cap-usage-phone');
      assert.deepEqual(errors, []);
    } catch (err) {
      passed = false;
      throw err;
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});
