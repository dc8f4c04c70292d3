// The webhooks tab in headless Chromium against the real service and a real https receiver: the secret panel
// leaves with its webhook, and "Send a test event" delivers a signed webhook.test that the attempts list shows.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { createAccount, createProject, startTestApp, type TestApp, testConfig } from '../harness.ts';
import { makeTestCa, type Receiver, startReceiver } from '../receivers.ts';
import { chromiumMissing, launchChromium, screenshotDir, signIn, watchPageErrors } from './browser.ts';
import { ensureWebBuilt } from './build-web.ts';

describe('webhooks tab in Chromium', { skip: chromiumMissing, timeout: 180_000 }, () => {
  let t: TestApp;
  let receiver: Receiver;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let project: { id: string };
  const shots = screenshotDir();
  let allPassed = true;

  before(async () => {
    await ensureWebBuilt();
    const ca = makeTestCa();
    receiver = await startReceiver(ca);
    t = await startTestApp({
      config: { webhooks: { ...testConfig().webhooks, allowPrivate: true, extraCaPem: ca.caPem } },
    });
    const acct = await createAccount(t.services);
    project = await createProject(t.services, acct.userId, { name: 'Hooked' });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    errors = watchPageErrors(page);
    await signIn(page, t, acct.userId);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
    shots.done(allPassed);
  });
  afterEach((c) => {
    if ('passed' in c && !c.passed) allPassed = false;
  });

  const addWebhook = async (url: string) => {
    await page.getByLabel('Endpoint URL (https)').fill(url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByTestId('secret').waitFor();
    return page.getByTestId('secret').innerText();
  };

  test('deleting the webhook whose secret is on screen takes the secret panel away', async () => {
    await page.goto(`${t.baseUrl}/projects/${project.id}/webhooks`);
    const secret = await addWebhook(receiver.url);
    assert.match(secret, /^whsec_/);
    await page.getByRole('button', { name: `Delete webhook ${receiver.url}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this webhook?' })
      .getByRole('button', { name: 'Delete webhook' })
      .click();
    await page.getByText('No webhooks').waitFor();
    assert.equal(await page.getByTestId('secret').count(), 0, 'the deleted webhook’s secret is not shown');
    assert.equal(await page.getByText('shown only this once').count(), 0);
    assert.ok(!(await page.content()).includes(secret));
  });

  test('Send a test event: a signed webhook.test arrives and is listed as a test, without Redeliver', async () => {
    const secret = await addWebhook(receiver.url);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    const before = receiver.received.length;
    await page.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
    await page.getByText(/^Test event: Delivered \(204\) in \d+ ms\.$/).waitFor();
    assert.equal(receiver.received.length, before + 1);
    const got = receiver.received.at(-1)!;
    const body = new StandardWebhook(secret).verify(got.raw.toString('utf8'), {
      'webhook-id': got.headers['webhook-id'] as string,
      'webhook-timestamp': got.headers['webhook-timestamp'] as string,
      'webhook-signature': got.headers['webhook-signature'] as string,
    }) as { event: string; data: { test: boolean; product: string } };
    assert.equal(body.event, 'webhook.test');
    assert.deepEqual([body.data.test, body.data.product], [true, 'Hooked']);

    await page.getByRole('button', { name: 'Attempts' }).click();
    const rows = page.locator('.attempts-table tbody tr');
    await rows.first().waitFor();
    assert.match(
      await rows.first().innerText(),
      /Test event, no lead[\s\S]*Delivered[\s\S]*204[\s\S]*Test event \(webhook\.test\)/,
    );
    assert.equal(await rows.first().getByRole('button', { name: 'Redeliver' }).count(), 0);
    // A second test with the table open shows up in it.
    await page.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
    await page.waitForFunction(() => document.querySelectorAll('.attempts-table tbody tr').length === 2);
    assert.match(await page.locator('.webhook .badge').first().innerText(), /Delivered/);
    await page.screenshot({ path: join(shots.dir, 'webhook-test-event.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots.dir, 'webhook-test-event-phone.png'), fullPage: true });
    assert.deepEqual(errors, []);
  });
});
