// Alerts in headless Chromium (issue 34): a Slack destination added in the project's settings, a test alert that
// reaches a local https fake speaking Slack's wire format, its delivery log, the section judged by axe-core at 1280
// and 390 px, and the link an alert carries to one lead.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  createAccount,
  createProject,
  insertLeads,
  startTestApp,
  type TestApp,
  testConfig,
} from '../harness.ts';
import { makeTestCa } from '../receivers.ts';
import { axeViolations } from './axe.ts';
import { chromiumMissing, launchChromium, screenshotDir, signIn, watchPageErrors } from './browser.ts';
import { ensureWebBuilt } from './build-web.ts';
import { startSlackFake } from './slack-fake.ts';

describe('alerts in the dashboard', { skip: chromiumMissing }, () => {
  const ca = makeTestCa();
  let slack: Awaited<ReturnType<typeof startSlackFake>>;
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let userId: string;
  let projectId: string;
  let leadIds: string[];
  const shots = screenshotDir();
  let passed = true;
  const shot = (name: string) => page.screenshot({ path: join(shots.dir, `${name}.png`), fullPage: true });
  const section = () => page.locator('section.alerts');

  before(async () => {
    await ensureWebBuilt();
    slack = await startSlackFake(ca);
    t = await startTestApp({
      config: { webhooks: { ...testConfig().webhooks, allowPrivate: true, extraCaPem: ca.caPem } },
    });
    ({ userId } = await createAccount(t.services));
    projectId = (await createProject(t.services, userId, { name: 'Salon booking', scoreThreshold: 55 })).id;
    leadIds = await insertLeads(t.db, projectId, [
      { title: 'Looking for booking software for my salon', score: 91, reply: 'Have a look at …' },
      { title: 'Clients keep no-showing, what do you use?', score: 78 },
      { title: 'Square vs Vagaro for a two-chair barbershop?', score: 64, status: 'hidden' },
    ]);
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    errors = watchPageErrors(page);
    await signIn(page, t, userId);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await slack?.close();
    shots.done(passed);
  });

  test('add a Slack destination, send a test alert: the fake gets Block Kit naming the project, the log says sent', async () => {
    try {
      await page.goto(`${t.baseUrl}/projects/${projectId}/settings`);
      await section().getByText('No destinations yet').waitFor();

      // A refusal is said in the form, and nothing is added.
      await page.getByLabel('Channel').selectOption('slack');
      await page.getByLabel('Slack incoming-webhook URL').fill('http://hooks.example.com/x');
      await page.getByRole('button', { name: 'Add destination' }).click();
      await section().getByRole('alert').getByText(/https/).waitFor();
      assert.equal(await section().locator('.alert-item').count(), 0);

      await page.getByLabel('Slack incoming-webhook URL').fill(slack.url);
      assert.equal(await page.getByLabel('When').inputValue(), 'instant');
      await page.getByLabel('Minimum score').fill('60');
      await page.getByRole('button', { name: 'Add destination' }).click();
      const item = section().locator('.alert-item').filter({ hasText: 'Slack' });
      await item.waitFor();
      assert.match(await item.innerText(), /At once, as leads are found · minimum score 60/);
      assert.doesNotMatch(
        await item.innerText(),
        /XXXXXXXXXXXXXXXX/,
        'the secret part of the URL is not shown',
      );
      assert.equal(await section().getByRole('alert').isVisible(), false, 'the earlier refusal is gone');

      await item.getByRole('button', { name: 'Send a test alert' }).click();
      // The project's best leads still waiting in New: the hidden one is left out.
      await item.getByText('Test alert sent with 2 waiting leads.').waitFor();
      const row = item.locator('tr[data-outcome="sent"]');
      await row.waitFor();
      assert.match(await row.innerText(), /Test\s+Sent\s+2 leads\s+1/);

      assert.equal(slack.received.length, 1);
      const body = slack.received[0] as { text: string; blocks: { type: string; text?: { text: string } }[] };
      assert.ok(Array.isArray(body.blocks) && body.blocks.length >= 3, 'a Block Kit message');
      assert.match(body.blocks[0]!.text!.text, /Test alert for Salon booking/);
      assert.match(JSON.stringify(body.blocks), /Looking for booking software for my salon/);
      assert.doesNotMatch(JSON.stringify(body.blocks), /Square vs Vagaro/, 'not the hidden lead');
      assert.match(
        JSON.stringify(body.blocks),
        new RegExp(`/projects/${projectId}\\?lead=${leadIds[0]}\\|Open in dashboard`),
      );

      // Paused and resumed from the list; the server agrees.
      await item.getByRole('button', { name: 'Pause' }).click();
      await item.getByText('Paused', { exact: true }).waitFor();
      const [listed] = await t.services.alerts.list(userId, projectId);
      assert.equal(listed!.paused, true);
      await item.getByRole('button', { name: 'Resume' }).click();
      await item.getByRole('button', { name: 'Pause' }).waitFor();

      // Edited in place: a refused minimum changes nothing; then a daily digest at 07:00 UTC from score 70.
      await item.getByRole('button', { name: 'Edit' }).click();
      const edit = item.getByRole('form', { name: 'Edit when alerts are sent' });
      assert.equal(await edit.getByLabel('Minimum score').inputValue(), '60');
      await edit.getByLabel('Minimum score').fill('101');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit
        .getByRole('alert')
        .getByText(/whole number from 0 to 100/)
        .waitFor();
      assert.equal((await t.services.alerts.list(userId, projectId))[0]!.minScore, 60);
      await edit.getByLabel('When').selectOption('daily');
      await edit.getByLabel('At').selectOption('7');
      await edit.getByLabel('Time zone').selectOption('UTC');
      await edit.getByLabel('Minimum score').fill('70');
      await shot('alerts-edit');
      await edit.getByRole('button', { name: 'Save' }).click();
      await item.getByText('Daily at 07:00 (UTC) · minimum score 70').waitFor();
      assert.equal(await edit.count(), 0, 'the edit form closes once saved');
      const [edited] = await t.services.alerts.list(userId, projectId);
      assert.deepEqual(
        [edited!.cadence, edited!.dailyHour, edited!.timeZone, edited!.minScore],
        ['daily', 7, 'UTC', 70],
      );
      await shot('alerts-slack-sent');
      assert.deepEqual(errors, []);
    } catch (err) {
      passed = false;
      throw err;
    }
  });

  test('the section passes axe-core and fits 1280 and 390 px, an unconfirmed address and a failed delivery shown', async () => {
    try {
      // No SMTP here: the confirmation e-mail fails, and the log says why.
      await t.services.alerts.create(userId, projectId, {
        channel: 'email',
        to: 'team@example.com',
        cadence: 'daily',
        dailyHour: 9,
        timeZone: 'Europe/Berlin',
      });
      await t.services.alerts.idle();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 860 });
        await page.goto(`${t.baseUrl}/projects/${projectId}/settings`);
        const mail = section().locator('.alert-item').filter({ hasText: 'team@example.com' });
        await mail.getByText('Waiting for confirmation').waitFor();
        assert.match(await mail.innerText(), /Daily at 09:00 \(Europe\/Berlin\) · minimum score 55/);
        assert.equal(await mail.getByRole('button', { name: 'Send a test alert' }).isDisabled(), true);
        await mail.getByRole('button', { name: 'Delivery log' }).click();
        await mail
          .locator('tr[data-outcome="failed"]')
          .getByText(/e-mail is not set up/)
          .waitFor();
        await page.getByLabel('When').selectOption('daily');
        assert.equal(
          await page.getByLabel('Time zone').inputValue(),
          await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
          "the browser's zone by default",
        );
        const violations = await axeViolations(page);
        assert.deepEqual(violations, [], `@${width}: ${violations.join('\n')}`);
        const over = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        assert.ok(over <= 0, `@${width}: ${over}px wider than the screen`);
        await section().screenshot({ path: join(shots.dir, `alerts-section-${width}.png`) });
      }
      // Keyboard: the channel select, then the address field, in order.
      await page.getByLabel('Channel').focus();
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'text');
      assert.deepEqual(errors, []);
    } catch (err) {
      passed = false;
      throw err;
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });

  test("an alert's link to a lead shows that lead above the queue, though it is hidden", async () => {
    try {
      await page.goto(`${t.baseUrl}/projects/${projectId}?lead=${leadIds[2]}`);
      const card = page.locator('section.linked-lead');
      await card.getByRole('link', { name: 'Square vs Vagaro for a two-chair barbershop?' }).waitFor();
      assert.match(await card.innerText(), /Hidden/);
      await page.waitForFunction(() => document.activeElement?.classList.contains('linked-lead'));
      assert.deepEqual(await axeViolations(page), []);
      await card.getByRole('button', { name: 'Not a fit' }).click();
      await card.getByText('Marked not a fit.').waitFor();
      const summary = await t.services.leads.summarizeLeads(userId, projectId, {});
      assert.equal(summary.counts.not_fit, 1);

      await card.getByRole('button', { name: 'Close' }).click();
      await card.waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).search, '');

      await page.goto(`${t.baseUrl}/projects/${projectId}?lead=no-such-lead`);
      await page.getByText('This lead is no longer in this project').waitFor();
      await shot('alerts-linked-lead-gone');
      assert.deepEqual(errors, []);
    } catch (err) {
      passed = false;
      throw err;
    }
  });
});
