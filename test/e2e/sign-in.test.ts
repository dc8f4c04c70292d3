// Signing in from the page, as a person does: the real service process, headless Chromium, the link taken from
// the service's log (no SMTP) or from a real SMTP server on 127.0.0.1 (docs/decisions/0061).
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { freshTarget, runCli } from '../cli-helpers.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../fakes/smtp-receiver.ts';
import { freePort, type ServiceProcess, spawnService } from '../service-process.ts';
import { chromiumMissing, launchChromium, watchPageErrors } from './browser.ts';
import { ensureWebBuilt } from './build-web.ts';

const LINK = /(http:\/\/localhost:\d+\/sign-in#token=[A-Za-z0-9_-]{43})/;

/** Types the address into the sign-in page, sends it, and waits for the service's answer. */
async function askForLink(page: Page, email: string): Promise<number> {
  await page.getByLabel('E-mail address').fill(email);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/dashboard/api/sign-in-links')),
    page.getByRole('button', { name: 'Send me a sign-in link' }).click(),
  ]);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).waitFor();
  return response.status();
}

describe('signing in from the page', { skip: chromiumMissing }, () => {
  let browser: Browser;
  let target: Awaited<ReturnType<typeof freshTarget>>;
  let smtp: SmtpReceiver;
  const services: ServiceProcess[] = [];

  /**
   * The service on its own port (links then open as printed) and DATA_DIR, on this suite's PostgreSQL database or
   * its own embedded one; cliEnv runs the CLIs against it.
   */
  async function start(env: NodeJS.ProcessEnv) {
    const port = await freePort();
    const cliEnv = { ...target.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'sign-in-e2e-')) };
    const service = spawnService({ ...cliEnv, PORT: String(port), DEMO: 'false', ...env });
    services.push(service);
    await service.ready;
    return { service, base: `http://localhost:${port}`, cliEnv };
  }

  /** A page that waits long enough on a machine under load (these are failure guards, not timings). */
  async function newPage(): Promise<Page> {
    const page = await browser.newPage();
    page.setDefaultTimeout(120_000);
    return page;
  }

  before(async () => {
    await ensureWebBuilt();
    target = await freshTarget();
    smtp = await startSmtpReceiver();
    browser = await launchChromium();
  });
  after(async () => {
    for (const s of services) await s.stop();
    await browser?.close();
    await smtp?.close();
    await target?.drop();
  });

  test('no SMTP: the page points to the terminal, the link is in the service log and signs in', async () => {
    const { service, base, cliEnv } = await start({});
    const made = runCli('src/cli/setup.ts', cliEnv, '--email', 'owner@example.com');
    assert.equal(made.code, 0, made.stderr);
    const page = await newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${base}/sign-in`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    assert.equal(await askForLink(page, 'Owner@Example.com'), 202);
    const told = await page.getByRole('status').innerText();
    assert.match(told, /Look in the terminal where the service runs/);
    assert.match(told, /sign-in#token=/);
    const line = await service.waitFor(/^Sign-in link for owner@example\.com, valid 15 minutes: .*$/m);
    const link = LINK.exec(line[0])![1]!;

    // No enumeration: an address without an account gets word for word the same answer.
    assert.equal(await askForLink(page, 'stranger@example.com'), 202);
    const toldStranger = await page.getByRole('status').innerText();
    assert.equal(toldStranger.replace('stranger@example.com', 'X'), told.replace('Owner@Example.com', 'X'));
    await service.waitFor(/stranger@example\.com, which has no account/);
    assert.doesNotMatch(service.output(), /link for stranger@example\.com/);

    await page.goto(link);
    await page.waitForURL(`${base}/`);
    await page.locator('.account-email', { hasText: 'owner@example.com' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('throttled: past the limit the page says so in words', async () => {
    const { base } = await start({});
    const page = await newPage();
    await page.goto(`${base}/sign-in`);
    for (let i = 0; i < 5; i++) assert.equal(await askForLink(page, 'eager@example.com'), 202);
    assert.equal(await askForLink(page, 'eager@example.com'), 429);
    const alert = page.getByRole('alert');
    assert.match(
      await alert.innerText(),
      /Too many sign-in links were asked for this address .*Try again in \d+ minutes/,
    );
    assert.equal(await page.getByLabel('E-mail address').getAttribute('aria-invalid'), 'true');
    await page.close();
  });

  test('SMTP: the link arrives by e-mail; on a hosted instance a new address signs up to a free account', async () => {
    const { service, base, cliEnv } = await start({
      SELF_HOSTED: 'false',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Lead Intelligence <signin@leads.example>',
    });
    const made = runCli('src/cli/setup.ts', cliEnv, '--email', 'mailed@example.com', '--tier', 'connected');
    assert.equal(made.code, 0, made.stderr);
    const page = await newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${base}/sign-in`);
    assert.equal(await askForLink(page, 'mailed@example.com'), 202);
    assert.match(await page.getByRole('status').innerText(), /Check your inbox/);
    const mail = await smtp.nextTo('mailed@example.com');
    assert.equal(mail.from, 'signin@leads.example');
    assert.match(mail.headers, /^Subject: Your sign-in link/m, 'the account made by npm run setup signs in');
    await page.goto(LINK.exec(mail.text)![1]!);
    await page.waitForURL(`${base}/`);
    await page.locator('.account-email', { hasText: 'mailed@example.com' }).waitFor();

    const fresh = await newPage();
    await fresh.goto(`${base}/sign-in`);
    assert.equal(await askForLink(fresh, 'newcomer@example.com'), 202);
    const welcome = await smtp.nextTo('newcomer@example.com');
    assert.match(welcome.headers, /^Subject: Create your Lead Intelligence account/m);
    await fresh.goto(LINK.exec(welcome.text)![1]!);
    await fresh.waitForURL(`${base}/`);
    await fresh.locator('.account-email', { hasText: 'newcomer@example.com' }).waitFor();
    const me = await fresh.evaluate(async () => (await fetch('/dashboard/api/me')).json());
    assert.equal(me.tier, 'free');
    assert.doesNotMatch(service.output(), /sign-in#token=/, 'with SMTP no link is written to the log');
    assert.deepEqual(errors, []);
    await page.close();
    await fresh.close();
  });
});
