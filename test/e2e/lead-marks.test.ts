// A new user's afternoon with the lead queue, in headless Chromium against the real service: the keyword highlighted
// as whole words, the reply edited in place and kept, Mark replied with its tab and undo, and the offer to hide the
// New leads a raised threshold leaves behind. axe-core judges each state.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  createAccount,
  createProject,
  getJson,
  insertLeads,
  startTestApp,
  type TestApp,
} from '../harness.ts';
import { axeViolations } from './axe.ts';
import { chromiumMissing, launchChromium, screenshotDir, signIn, watchPageErrors } from './browser.ts';
import { ensureWebBuilt } from './build-web.ts';

describe('lead marks in Chromium', { skip: chromiumMissing, timeout: 300_000 }, () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let acct: Awaited<ReturnType<typeof createAccount>>;
  let project: { id: string };
  let ids: string[];
  const shots = screenshotDir();
  let allPassed = true;
  const count = (status: string) => page.locator(`.status-tab[data-status="${status}"] .count`).innerText();
  const waitCount = (status: string, n: number) =>
    page.waitForFunction(
      ([s, v]) => document.querySelector(`.status-tab[data-status="${s}"] .count`)?.textContent === v,
      [status, String(n)] as const,
    );
  const restIds = async (query: string) => {
    const res = await getJson(t.baseUrl, `/api/v1/projects/${project.id}/leads?${query}`, acct.restKey);
    return (res.body.leads as { id: string }[]).map((l) => l.id);
  };
  async function eventually(check: () => Promise<void>) {
    for (let i = 0; ; i++) {
      try {
        return await check();
      } catch (err) {
        if (i > 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  before(async () => {
    await ensureWebBuilt();
    t = await startTestApp();
    acct = await createAccount(t.services);
    project = await createProject(t.services, acct.userId, { name: 'Marks', keywords: ['app'] });
    ids = await insertLeads(t.db, project.id, [
      {
        title: 'Happy to pay for an app that books clients',
        body: 'Booking appointments by text is a pain. Is there an app for that? Apps everywhere.',
        score: 88,
        matchedPhrase: 'app',
        reply: 'Hi! Acme books clients for you.',
      },
      { title: 'Need a booking app', body: 'Any app?', score: 67, matchedPhrase: 'app', reply: 'Try Acme.' },
      { title: 'Salon app ideas', body: 'An app, maybe.', score: 44, matchedPhrase: 'app', reply: null },
    ]);
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
    page = await context.newPage();
    errors = watchPageErrors(page);
    await signIn(page, t, acct.userId);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    shots.done(allPassed);
  });
  afterEach((c) => {
    if ('passed' in c && !c.passed) allPassed = false;
  });

  test('the keyword is highlighted as the scanner matches it: whole words and plurals (not in "Happy" or "appointments")', async () => {
    await page.goto(`${t.baseUrl}/projects/${project.id}`);
    const row = page.locator(`tr[data-lead-id="${ids[0]}"]`);
    await row.waitFor();
    assert.deepEqual(await row.locator('.lead-title mark').allInnerTexts(), ['app']);
    assert.deepEqual(await row.locator('.context mark').allInnerTexts(), ['app', 'Apps']);
    assert.match(await row.locator('.context').innerText(), /Is there an app for that/);
  });

  test('the reply is edited in place, saved, kept across a reload, copied as edited, and restored', async () => {
    await page
      .locator(`tr[data-lead-id="${ids[0]}"]`)
      .getByRole('button', { name: /Details of/ })
      .click();
    const box = page.getByRole('textbox', { name: 'Drafted reply' });
    assert.equal(await box.inputValue(), 'Hi! Acme books clients for you.');
    // Keys typed in the reply are the reply's, not shortcuts.
    await box.fill('');
    await box.pressSequentially('Hi, happy to help: we made Acme for this.');
    assert.equal(await count('new'), '3');
    await page.getByText('unsaved changes').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await page.getByRole('button', { name: 'Save reply' }).click();
    await page.getByText('Reply saved.').waitFor();
    await page.screenshot({ path: join(shots.dir, 'marks-01-reply-edited.png'), fullPage: true });

    await page.reload();
    await page
      .locator(`tr[data-lead-id="${ids[0]}"]`)
      .getByRole('button', { name: /Details of/ })
      .click();
    const edited = page.getByRole('textbox', { name: 'Your reply' });
    assert.equal(await edited.inputValue(), 'Hi, happy to help: we made Acme for this.');
    await page.locator(`tr[data-lead-id="${ids[0]}"] .flag-edited`).waitFor();
    await page.getByRole('button', { name: 'Copy reply' }).click();
    assert.equal(
      await page.evaluate(() => navigator.clipboard.readText()),
      'Hi, happy to help: we made Acme for this.',
    );

    await page.getByRole('button', { name: 'Restore the draft' }).click();
    await page.getByText('The draft is back.').waitFor();
    assert.equal(
      await page.getByRole('textbox', { name: 'Drafted reply' }).inputValue(),
      'Hi! Acme books clients for you.',
    );
    await page.getByRole('textbox', { name: 'Drafted reply' }).fill('');
    await page.getByRole('button', { name: 'Save reply' }).click();
    assert.match(await page.locator('.reply-editor [role="alert"]').innerText(), /empty/);
  });

  test('r marks the focused lead replied: out of New, into Replied with its count; u undoes; ? lists r', async () => {
    await page.goto(`${t.baseUrl}/projects/${project.id}`);
    await page.waitForFunction((id) => document.activeElement?.getAttribute('data-lead-id') === id, ids[0]);
    await waitCount('new', 3);
    assert.equal(await count('replied'), '0');
    await page.keyboard.press('r');
    await page.waitForFunction((id) => !document.querySelector(`tr[data-lead-id="${id}"]`), ids[0]);
    assert.equal(await count('new'), '2');
    assert.equal(await count('replied'), '1');
    assert.equal(await count('hidden'), '0');
    assert.match(await page.locator('.queue-notice').innerText(), /Marked replied: 1 lead/);
    await eventually(async () => assert.deepEqual(await restIds('status=hidden'), [ids[0]]));
    await page.keyboard.press('u');
    await waitCount('replied', 0);
    await eventually(async () => assert.deepEqual(await restIds('status=new'), ids));
    // Undo gives the focus back to the restored lead on the next frame: press r only once it has it.
    await page.waitForFunction((id) => document.activeElement?.getAttribute('data-lead-id') === id, ids[0]);
    await page.keyboard.press('r');
    await waitCount('replied', 1);

    await page.locator('.status-tab[data-status="replied"]').click();
    const row = page.locator(`tr[data-lead-id="${ids[0]}"]`);
    await row.waitFor();
    assert.match(await row.locator('.flag-replied').innerText(), /^Replied/);
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: join(shots.dir, 'marks-02-replied-tab.png'), fullPage: true });
    await page.locator('.status-tab[data-status="new"]').click();
    await page.locator(`tr[data-lead-id="${ids[1]}"]`).click({ position: { x: 200, y: 20 } });
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    assert.match(await dialog.innerText(), /r\s+Mark replied/);
    await page.keyboard.press('Escape');
  });

  test('raising the threshold says what it does, offers to hide the New leads below it, and undoes it', async () => {
    await page.goto(`${t.baseUrl}/projects/${project.id}/settings`);
    const threshold = page.getByLabel('Score threshold (0-100)');
    await threshold.waitFor();
    assert.match(await page.locator('.project-form').innerText(), /Applies to the next scans/);
    await threshold.fill('70');
    await page.getByRole('button', { name: /^Save/ }).click();
    const offer = page.locator('.threshold-offer');
    await offer.getByText('2 leads in New score below it').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: join(shots.dir, 'marks-03-threshold-offer.png'), fullPage: true });
    await offer.getByRole('button', { name: 'Hide these 2' }).click();
    await offer.getByText(/Hidden: 2 leads scoring below 70/).waitFor();
    await eventually(async () => assert.deepEqual(await restIds('status=new'), []));
    await page.screenshot({ path: join(shots.dir, 'marks-04-threshold-hidden.png'), fullPage: true });
    await offer.getByRole('button', { name: 'Undo' }).click();
    await offer.getByText('Undone: 2 leads back in New.').waitFor();
    assert.deepEqual(await restIds('status=new'), [ids[1], ids[2]]);
    assert.deepEqual(errors, []);
  });
});
