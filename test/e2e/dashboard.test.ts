// The dashboard in headless Chromium against the real service (real database, built web/dist, real https
// webhook receiver): what a person signs in to and clicks through.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fixedClock } from '../../src/clock.ts';
import { createDeletionsRepo } from '../../src/deletions/deletions.repo.ts';
import { DEMO_PROJECT } from '../../src/demo.ts';
import { createServices } from '../../src/services.ts';
import {
  createAccount,
  createProject,
  insertLeads,
  startTestApp,
  type TestApp,
  testConfig,
} from '../harness.ts';
import { makeTestCa, type Receiver, startReceiver } from '../receivers.ts';
import { chromiumMissing, launchChromium, screenshotDir, watchPageErrors } from './browser.ts';
import { ensureWebBuilt } from './build-web.ts';

const WIDE = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

describe('dashboard in Chromium', { skip: chromiumMissing }, () => {
  let t: TestApp;
  let receiver: Receiver;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let acct: Awaited<ReturnType<typeof createAccount>>;
  let crm: { id: string; name: string };
  let salon: { id: string; name: string };
  const shots = screenshotDir();
  let allPassed = true;

  const shot = async (name: string, p = page) => {
    await p.screenshot({ path: join(shots.dir, `${name}.png`), fullPage: true });
  };
  /** A sign-in link for this server (the service prints PUBLIC_BASE_URL's; the test server has its own port). */
  const signInLink = async (userId = acct.userId) => {
    const link = await t.services.sessions.mintSignInLink({ userId });
    return `${t.baseUrl}/sign-in${new URL(link.signInUrl).hash}`;
  };

  before(async () => {
    await ensureWebBuilt();
    const ca = makeTestCa();
    receiver = await startReceiver(ca);
    t = await startTestApp({
      config: { webhooks: { ...testConfig().webhooks, allowPrivate: true, extraCaPem: ca.caPem } },
    });
    acct = await createAccount(t.services);
    crm = await createProject(t.services, acct.userId, {
      name: 'Acme CRM',
      url: 'https://acme-crm.example',
      keywords: ['crm', 'customer database'],
      subreddits: ['smallbusiness', 'sales'],
    });
    const hour = 3_600_000;
    await insertLeads(t.db, crm.id, [
      {
        title: 'Looking for a simple CRM for a 5-person agency',
        score: 64,
        stage: 'solution-seeking',
        reason: 'asks for a tool recommendation for a small team',
        postedAt: new Date(Date.now() - 5 * hour),
        body: 'We track clients in a spreadsheet and it is falling apart.\nAny CRM under $30/seat?',
        reply: 'Acme CRM was built for teams your size: import the spreadsheet in a minute.',
      },
      {
        title: 'Ready to switch from HubSpot this week, what is cheaper?',
        score: 91,
        stage: 'purchase-ready',
        reason: 'names a competitor and a switching date',
        postedAt: new Date(Date.now() - 2 * hour),
        body: 'Our HubSpot renewal is Friday. Need something cheaper that imports contacts.',
        reply: 'If the renewal is Friday, Acme imports HubSpot contacts directly.',
      },
      {
        title: 'I built a CRM for freelancers, feedback welcome',
        score: 38,
        stage: 'problem-aware',
        reason: 'the poster is promoting their own product',
        sellerSide: true,
        postedAt: new Date(Date.now() - 26 * hour),
        reply: null,
      },
    ]);
    salon = await createProject(t.services, acct.userId, {
      name: 'ChairTime salon booking',
      keywords: DEMO_PROJECT.keywords,
      subreddits: DEMO_PROJECT.subreddits,
      scoreThreshold: DEMO_PROJECT.scoreThreshold,
      pain: DEMO_PROJECT.pain,
    });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: WIDE });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
    page = await context.newPage();
    errors = watchPageErrors(page);
  });

  after(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
    shots.done(allPassed);
  });
  afterEach((t) => {
    if ('passed' in t && !t.passed) allPassed = false;
  });

  test('a used or expired link says so and how to get a new one; no session means the signed-out screen', async () => {
    const p = await context.newPage();
    const pageErrors = watchPageErrors(p);
    const link = await signInLink();
    const token = new URL(link).hash.replace('#token=', '');
    const spent = await fetch(`${t.baseUrl}/dashboard/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    assert.equal(spent.status, 204);

    await p.goto(link);
    await p.getByRole('heading', { name: 'This sign-in link has expired or was already used' }).waitFor();
    assert.match(await p.getByRole('alert').innerText(), /not valid|expired|used/);
    assert.match(await p.locator('body').innerText(), /npm run login -- --email you@example\.com/);
    assert.equal(new URL(p.url()).hash, '', 'the token leaves the address bar');
    await shot('01-used-link', p);

    // A link minted 16 minutes ago (by the same service on a clock set back) has expired.
    const past = createServices({
      db: t.db,
      clock: fixedClock(new Date(Date.now() - 16 * 60_000)),
      config: t.services.config,
    });
    const old = await past.sessions.mintSignInLink({ userId: acct.userId });
    await past.webhooks.close();
    await p.goto(`${t.baseUrl}/sign-in${new URL(old.signInUrl).hash}`);
    await p.getByRole('heading', { name: 'This sign-in link has expired or was already used' }).waitFor();
    assert.equal((await context.cookies()).filter((c) => c.name === 'rl_session').length, 0);

    await p.goto(`${t.baseUrl}/projects/${crm.id}`);
    await p.waitForURL(/\/signed-out$/);
    // This browser never had a session: nothing may say that one ended, nor that it was ever signed in.
    await p.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    const text = await p.locator('body').innerText();
    assert.match(text, /npm run login/);
    assert.match(text, /The dashboard needs a session: ask for a sign-in link below\./);
    assert.doesNotMatch(text, /has ended|come back|new sign-in link|signed out/i);
    assert.deepEqual(pageErrors, []);
    await p.close();
  });

  test('a used link opened while signed in says so and leads on to the dashboard', async () => {
    const ctx = await browser.newContext({ viewport: WIDE });
    try {
      const p = await ctx.newPage();
      const pageErrors = watchPageErrors(p);
      await p.goto(await signInLink());
      await p.waitForURL(`${t.baseUrl}/`);
      // The same kind of link again, already used (as when an e-mail is opened a second time).
      const link = await signInLink();
      const spent = await fetch(`${t.baseUrl}/dashboard/api/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: new URL(link).hash.replace('#token=', '') }),
      });
      assert.equal(spent.status, 204);
      await p.goto(link);
      await p.getByRole('heading', { name: 'You are already signed in' }).waitFor();
      const text = await p.locator('.auth-card').innerText();
      assert.match(text, /expired or was already used/);
      assert.match(text, /this browser is signed in as u[0-9a-f]+@example\.com/);
      assert.equal(new URL(p.url()).hash, '', 'the token leaves the address bar');
      await shot('01a-used-link-signed-in', p);
      await p.getByRole('link', { name: 'Go to the dashboard' }).click();
      await p.waitForURL(`${t.baseUrl}/`);
      await p.getByRole('heading', { name: 'Projects' }).waitFor();
      assert.deepEqual(pageErrors, []);
    } finally {
      await ctx.close();
    }
  });

  test('signs in through a real link and lists the projects', async () => {
    await page.goto(await signInLink());
    await page.waitForURL(`${t.baseUrl}/`);
    const card = page.getByRole('link', { name: /Acme CRM/ });
    await card.waitFor();
    assert.match(await card.innerText(), /3 to review/);
    assert.doesNotMatch(
      await card.innerText(),
      /new/,
      'one meaning of new: the card says what waits for triage',
    );
    assert.match(
      await page.getByRole('link', { name: /ChairTime salon booking/ }).innerText(),
      /0 to review/,
    );
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'rl_session');
    assert.ok(session?.httpOnly, 'the session cookie is HttpOnly');
    await shot('02-projects');
  });

  test('a project shows its leads by score with the seller flag; a row expands to body and reply', async () => {
    await card(page, 'Acme CRM').click();
    await page.waitForURL(new RegExp(`/projects/${crm.id}$`));
    await page.locator('tbody.lead').first().waitFor();
    const scores = await page.locator('tbody.lead .score').allInnerTexts();
    assert.deepEqual(scores, ['91', '64', '38']);
    const rows = page.locator('tbody.lead');
    assert.match(await rows.nth(0).innerText(), /purchase-ready[\s\S]*Ready to switch from HubSpot/);
    assert.equal(
      await rows
        .nth(0)
        .getByRole('link', { name: /Ready to switch/ })
        .getAttribute('href'),
      'https://www.reddit.com/r/smallbusiness/comments/' +
        (await leadPostId(t, crm.id, 'Ready to switch from HubSpot this week, what is cheaper?')) +
        '/',
    );
    const seller = rows.nth(2);
    assert.match(await seller.innerText(), /Seller-side/);
    assert.equal(await rows.nth(0).getByText('Seller-side').count(), 0);

    const toggle = rows.nth(0).getByRole('button', { name: /Details of “Ready to switch/ });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const details = rows.nth(0).locator('.lead-details');
    assert.match(await details.innerText(), /Our HubSpot renewal is Friday/);
    // The reply is editable in place: its text is the value of the reply box.
    assert.match(await details.locator('textarea').inputValue(), /Acme imports HubSpot contacts directly/);
    await details.getByRole('button', { name: 'Copy reply' }).click();
    await details.getByText('Copied ✓').waitFor();
    assert.equal(
      await page.evaluate(() => navigator.clipboard.readText()),
      'If the renewal is Friday, Acme imports HubSpot contacts directly.',
    );
    await shot('03-leads-expanded');

    await page.getByLabel('Minimum score').selectOption('60');
    await page.waitForURL(/minScore=60/);
    await page.waitForFunction(() => document.querySelectorAll('tbody.lead').length === 2);
    await page.getByLabel('Minimum score').selectOption('');
    await page.waitForFunction(() => document.querySelectorAll('tbody.lead').length === 3);
  });

  test('webhooks: http refused with the reason, https registered with its secret shown once', async () => {
    await page.goto(`${t.baseUrl}/projects/${salon.id}/webhooks`);
    const url = page.getByLabel('Endpoint URL (https)');
    await url.fill(receiver.url.replace('https:', 'http:'));
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const refusal = page.locator('.add-form [role="alert"]');
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /Only https URLs are accepted/);
    await shot('04-webhook-http-refused');

    await url.fill(receiver.url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = page.getByTestId('secret');
    await secret.waitFor();
    const value = await secret.innerText();
    assert.match(value, /^whsec_/);
    assert.match(await page.locator('.callout').innerText(), /shown only this once/);
    assert.equal(await refusal.isVisible(), false, 'the earlier refusal is gone');
    await page.locator('.webhook-url', { hasText: receiver.url }).waitFor();
    await shot('05-webhook-secret');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    assert.equal(await secret.count(), 0);
    await page.reload();
    await page.locator('.webhook-url', { hasText: receiver.url }).waitFor();
    assert.ok(!(await page.content()).includes(value), 'the secret is never shown again');
  });

  test('a scan from the dashboard delivers to the webhook; Redeliver sends again and shows the new attempt', async () => {
    await page.getByRole('button', { name: 'Attempts' }).click();
    await page.getByText('No attempts yet').waitFor();
    await page.getByRole('button', { name: 'Run scan' }).click();
    await page.getByText(/Scan done: \d+ leads found/).waitFor({ timeout: 60_000 });
    const status = await page.locator('.scan-status').innerText();
    const found = Number(/Scan done: (\d+) leads? found/.exec(status)![1]);
    assert.ok(found > 0, status);
    await receiver.waitFor(1);
    // Run scan again at once: the listings were read moments ago and are not bought again, and the line says so
    // rather than a bare "0 leads found".
    await page.getByRole('button', { name: 'Run scan' }).click();
    await page.getByText(/Scan done: up to date\. Every listing was read less than a minute ago/).waitFor({
      timeout: 60_000,
    });

    const attemptRows = page.locator('.attempts-table tbody tr');
    await attemptRows.first().waitFor({ timeout: 20_000 });
    const first = attemptRows.first();
    assert.match(await first.innerText(), /Delivered[\s\S]*204[\s\S]*ms[\s\S]*Original/);
    await shot('06-webhook-attempts');

    // Every original delivery made and recorded first, so that the one redelivery is all that arrives next.
    await t.services.webhooks.idle();
    const before = receiver.received.length;
    const beforeRows = await attemptRows.count();
    await first.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByText(/Redelivered: Delivered \(204\) in \d+ ms/).waitFor();
    const fresh = page.locator('.attempts-table tr.is-fresh');
    assert.match(await fresh.innerText(), /Delivered[\s\S]*204[\s\S]*Redelivery \(#2\)/);
    assert.equal(receiver.received.length, before + 1);
    assert.equal(await attemptRows.count(), Math.min(beforeRows + 1, 50));
    await shot('07-webhook-redelivered');

    // The lead's post is then found deleted on Reddit: the webhook that was sent it gets a lead.deleted, listed as such
    // and not offered for redelivery (ADR 0106).
    const [hook] = await t.services.webhooks.list(acct.userId, salon.id);
    const [sentLead] = await t.services.webhooks.listAttempts(acct.userId, hook!.id);
    const [item] = await t.db.query<{ post_id: string; comment_id: string | null }>(
      'SELECT post_id, comment_id FROM leads WHERE id = $1',
      [sentLead!.leadId],
    );
    const fullname = item!.comment_id ? `t1_${item!.comment_id}` : `t3_${item!.post_id}`;
    const forgotten = await createDeletionsRepo(t.db).forget([fullname], new Date());
    t.services.events.emit('leads.deleted', { leadIds: forgotten.map((f) => f.id) });
    await t.services.webhooks.idle();
    assert.equal(receiver.received.length, before + 2);
    assert.equal(JSON.parse(receiver.received.at(-1)!.raw.toString()).event, 'lead.deleted');
    await page.reload();
    await page.getByRole('button', { name: 'Attempts' }).click();
    const deletedRow = attemptRows.filter({ hasText: 'Deleted on Reddit (lead.deleted)' });
    await deletedRow.first().waitFor();
    assert.equal(await deletedRow.first().getByRole('button', { name: 'Redeliver' }).count(), 0);
    // Nor its earlier lead.created rows: the lead has nothing left to send (its text is gone).
    const leadRows = attemptRows.filter({ hasText: '(deleted on Reddit)' });
    assert.equal(await leadRows.count(), 3, 'the original, the redelivery and the lead.deleted');
    assert.equal(await leadRows.getByRole('button', { name: 'Redeliver' }).count(), 0);
    await shot('07a-webhook-lead-deleted');

    await page.getByRole('button', { name: `Delete webhook ${receiver.url}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await dialog.getByRole('button', { name: 'Delete webhook' }).click();
    await page.getByText('No webhooks').waitFor();
    const left = await t.services.webhooks.list(acct.userId, salon.id);
    assert.deepEqual(left, []);
    // The scan history says the same of the scan that read nothing.
    await page.getByRole('link', { name: 'Scans', exact: true }).click();
    await page.getByText('up to date: every listing had just been read, nothing bought').first().waitFor();
    await shot('07b-scans-up-to-date');
  });

  test('API access: a tool key is shown once, works, and is refused once revoked', async () => {
    await page.getByRole('link', { name: 'API access' }).click();
    await page.waitForURL(/\/api-access$/);
    await page.locator('.keys-table tbody tr').first().waitFor();
    const keysBefore = await page.locator('.keys-table tbody tr').count();
    await page.getByRole('button', { name: 'New tool key' }).click();
    const secret = page.getByTestId('secret');
    await secret.waitFor();
    const key = await secret.innerText();
    assert.match(key, /^sbk_/);
    assert.match(
      await page.locator('.snippet').first().innerText(),
      new RegExp(`${t.baseUrl}/mcp[\\s\\S]*${key}`),
    );
    assert.equal(await page.getByTestId('mcp-url').innerText(), `${t.baseUrl}/mcp`);
    await page.waitForFunction(
      (n) => document.querySelectorAll('.keys-table tbody tr').length === n,
      keysBefore + 1,
    );
    await shot('08-api-access-new-key');

    const tools = () =>
      fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    assert.equal((await tools()).status, 200);

    await page.getByRole('button', { name: 'I have stored it' }).click();
    // The list shows each key by its prefix, the start of the key itself.
    const [listed] = (await t.services.accounts.listKeys(acct.userId)).filter((k) =>
      key.startsWith(k.prefix),
    );
    const target = page.locator(`.keys-table tr[data-key-id="${listed!.id}"]`);
    assert.match(await target.innerText(), /Tool \(MCP\)[\s\S]*Active/);
    await target.getByRole('button', { name: /Revoke key/ }).click();
    await page
      .getByRole('dialog', { name: 'Revoke this key?' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await target.getByText(/Revoked/).waitFor();
    assert.equal((await tools()).status, 401);
  });

  test('fits a 390px phone and a 1280px screen without sideways scrolling', async () => {
    const phone = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const p = await phone.newPage();
    const pageErrors = watchPageErrors(p);
    await p.goto(await signInLink());
    await p.waitForURL(`${t.baseUrl}/`);
    await card(p, 'Acme CRM').waitFor();
    // A phone browser widens its layout viewport to fit wide content: compare with the device's own width, and
    // name the elements that stick out.
    const overflow = () =>
      p.evaluate((w) => {
        const width = document.documentElement.scrollWidth;
        if (width <= w) return '';
        const clipped = (e: Element | null): boolean =>
          !!e && (getComputedStyle(e).overflowX !== 'visible' || clipped(e.parentElement));
        const culprits = [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > w + 1)
          .filter((e) => getComputedStyle(e).position === 'absolute' || !clipped(e.parentElement))
          .slice(0, 5)
          .map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
        return `${width}px wide: ${culprits.join(', ')}`;
      }, PHONE.width);
    await shot('09-phone-projects', p);
    assert.equal(await overflow(), '', 'projects');

    await card(p, 'Acme CRM').click();
    await p.locator('tbody.lead').first().waitFor();
    await p
      .locator('tbody.lead')
      .first()
      .getByRole('button', { name: /Details of/ })
      .click();
    await shot('10-phone-leads', p);
    assert.equal(await overflow(), '', 'leads');
    // A touch screen has no keyboard: no shortcut hints in the buttons, no Shortcuts button (found by an audit).
    assert.equal(
      await p.locator('button kbd').filter({ visible: true }).count(),
      0,
      'shortcut hints on a phone',
    );
    assert.equal(await p.getByRole('button', { name: /^Shortcuts/ }).isVisible(), false);

    await p.getByRole('link', { name: 'Webhooks' }).click();
    await p.getByLabel('Endpoint URL (https)').waitFor();
    await shot('11-phone-webhooks', p);
    assert.equal(await overflow(), '', 'webhooks');

    await p.getByRole('link', { name: 'API access' }).click();
    await p.locator('.keys-table').waitFor();
    await shot('12-phone-api-access', p);
    assert.equal(await overflow(), '', 'api access');
    assert.deepEqual(pageErrors, []);
    await phone.close();

    await page.setViewportSize(WIDE);
    await page.goto(`${t.baseUrl}/projects/${crm.id}`);
    await page.locator('tbody.lead').first().waitFor();
    const wide = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(wide <= 0, `${wide}px too wide at 1280px`);
  });

  test('signing out ends the session; the next page says how to sign in again', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/signed-out/);
    await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
    await shot('13-signed-out');
    await page.goto(`${t.baseUrl}/api-access`);
    await page.waitForURL(/\/signed-out$/);
    assert.equal((await context.cookies()).filter((c) => c.name === 'rl_session' && c.value).length, 0);
    assert.deepEqual(errors, [], 'no uncaught errors or rejections in the page');
  });
});

function card(p: Page, name: string) {
  return p.getByRole('link', { name: new RegExp(name) });
}

async function leadPostId(t: TestApp, projectId: string, title: string): Promise<string> {
  const rows = await t.db.query<{ post_id: string }>(
    'SELECT post_id FROM leads WHERE project_id = $1 AND title = $2',
    [projectId, title],
  );
  return rows[0]!.post_id;
}
