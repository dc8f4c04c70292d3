// Every page of the dashboard, at 1280 and 390 px, judged by axe-core (no moderate, serious or critical violations) and
// checked for sideways scrolling on the phone. A page added to the dashboard belongs in PAGES.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PROJECT } from '../../src/demo.ts';
import { createAccount, createProject, insertLeads, startTestApp, type TestApp } from '../harness.ts';
import { axeViolations } from './axe.ts';
import { chromiumMissing, launchChromium, watchPageErrors } from './browser.ts';
import { ensureWebBuilt } from './build-web.ts';

const WIDTHS = [
  { width: 1280, height: 860 },
  { width: 390, height: 844 },
];

interface PageSpec {
  name: string;
  path: (projectId: string) => string;
  /** What is on screen once the page has loaded its data. */
  ready: string;
  /** Something to do before judging (open a dialog, expand a row). */
  act?: (page: Page) => Promise<void>;
  /** What else must hold on this page, as failure lines. */
  check?: (page: Page) => Promise<string[]>;
  signedOut?: boolean;
}

const PAGES: PageSpec[] = [
  { name: 'signed out', path: () => '/signed-out', ready: 'h1', signedOut: true },
  { name: 'sign-in form', path: () => '/sign-in', ready: '.sign-in-form', signedOut: true },
  {
    name: 'sign-in link refused',
    path: () => '/sign-in#token=not-a-token',
    ready: '[role="alert"]',
    signedOut: true,
  },
  { name: 'projects', path: () => '/', ready: '.project-card' },
  { name: 'new project', path: () => '/projects/new', ready: '.project-form' },
  {
    name: 'project leads, one expanded',
    path: (id) => `/projects/${id}`,
    ready: 'tbody.lead',
    act: (p) =>
      p
        .locator('tbody.lead')
        .first()
        .getByRole('button', { name: /Details of/ })
        .click(),
  },
  { name: 'keyword performance', path: (id) => `/projects/${id}/keywords`, ready: '.keywords-table' },
  { name: 'project webhooks', path: (id) => `/projects/${id}/webhooks`, ready: '.webhook-list' },
  { name: 'scan history', path: (id) => `/projects/${id}/scans`, ready: '.scans-table' },
  { name: 'project usage', path: (id) => `/projects/${id}/usage`, ready: '.chart-svg', check: costsShown },
  { name: 'project settings', path: (id) => `/projects/${id}/settings`, ready: '.danger-zone .muted' },
  {
    name: 'delete project dialog',
    path: (id) => `/projects/${id}/settings`,
    ready: '.danger-zone',
    act: async (p) => {
      await p.getByRole('button', { name: 'Delete project' }).click();
      await p.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'pain themes',
    path: (id) => `/projects/${id}/themes`,
    ready: 'section[aria-label="Pain themes"]',
    act: async (p) => {
      if ((await p.locator('.theme-label').count()) > 0) return;
      await p.getByRole('button', { name: 'Refresh themes' }).click();
      await p.locator('.theme-label').first().waitFor();
    },
  },
  {
    name: 'SEO opportunities',
    path: (id) => `/projects/${id}/seo`,
    ready: 'section[aria-label="SEO opportunities"]',
  },
  {
    name: 'AI visibility',
    path: (id) => `/projects/${id}/ai-visibility`,
    ready: 'section[aria-label="AI visibility"]',
  },
  { name: 'account usage', path: () => '/usage', ready: '.chart-svg', check: costsShown },
  {
    name: 'API access, a new key shown',
    path: () => '/api-access',
    ready: '.keys-table',
    act: async (p) => {
      await p.getByRole('button', { name: 'New REST key' }).click();
      await p.getByTestId('secret').waitFor();
    },
  },
  { name: 'not found', path: () => '/no-such-page', ready: 'h1' },
];

/** Every cost of the usage tables is in sight, not cut off by its table's box or the screen. */
async function costsShown(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.usage-table tbody tr')].flatMap((row) => {
      const cell = row.lastElementChild!;
      const box = cell.closest('.table-scroll')!.getBoundingClientRect();
      const r = cell.getBoundingClientRect();
      return r.right <= Math.min(box.right, innerWidth) + 1
        ? []
        : [`the cost "${cell.textContent}" of ${row.firstElementChild?.textContent} is cut off`];
    }),
  );
}

describe('every dashboard page passes axe-core and fits 1280 and 390 px', { skip: chromiumMissing }, () => {
  let t: TestApp;
  let browser: Browser;
  let projectId: string;
  let userId: string;

  before(async () => {
    await ensureWebBuilt();
    t = await startTestApp();
    ({ userId } = await createAccount(t.services));
    const project = await createProject(t.services, userId, {
      name: DEMO_PROJECT.name,
      url: 'https://chairtime.example',
      keywords: DEMO_PROJECT.keywords,
      subreddits: DEMO_PROJECT.subreddits,
      competitors: ['Vagaro'],
      pain: DEMO_PROJECT.pain,
    });
    projectId = project.id;
    // A real scan of the sample corpus: leads, a scan in the history and upstream calls in the usage.
    const scan = await t.services.scans.requestScan(projectId, 'dashboard');
    await t.services.scans.waitForScan(scan.scanId, 60_000);
    await insertLeads(t.db, projectId, [{ title: 'Seller-side lead', sellerSide: true, score: 30 }]);
    // Three weeks of small purchases: the table of days is longer than its box and scrolls.
    await t.db.query(
      `INSERT INTO upstream_calls (project_id, api, cost_usd, reused, called_at)
       SELECT $1, 'replay.subreddit_comments', 0.0005, false, now() - make_interval(days => d)
         FROM generate_series(1, 21) AS d`,
      [projectId],
    );
    await t.db.query(
      `INSERT INTO webhooks (project_id, url, secret) VALUES ($1, 'https://hooks.example.com/a', 's')`,
      [projectId],
    );
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const viewport of WIDTHS) {
    test(`${viewport.width} px`, async () => {
      const context: BrowserContext = await browser.newContext({
        viewport,
        deviceScaleFactor: viewport.width < 500 ? 2 : 1,
        isMobile: viewport.width < 500,
      });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const failures: string[] = [];
      for (const spec of PAGES.filter((s) => s.signedOut)) await judge(page, spec, viewport.width, failures);
      const link = await t.services.sessions.mintSignInLink({ userId });
      await page.goto('about:blank');
      await page.goto(`${t.baseUrl}/sign-in${new URL(link.signInUrl).hash}`);
      await page.waitForURL(`${t.baseUrl}/`);
      for (const spec of PAGES.filter((s) => !s.signedOut)) await judge(page, spec, viewport.width, failures);
      assert.deepEqual(failures, [], failures.join('\n'));
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  async function judge(page: Page, spec: PageSpec, width: number, failures: string[]) {
    await page.goto(`${t.baseUrl}${spec.path(projectId)}`);
    await page.locator(spec.ready).first().waitFor({ timeout: 20_000 });
    // Judged once loaded: no placeholder left.
    await page.waitForFunction(() => !document.querySelector('.skeleton-list, .skeleton-table, .spinner'));
    await spec.act?.(page);
    for (const v of await axeViolations(page)) failures.push(`${spec.name} @${width}: ${v}`);
    for (const f of (await spec.check?.(page)) ?? []) failures.push(`${spec.name} @${width}: ${f}`);
    // Wider than the screen, naming the outermost elements that stick out (inside no clipping box).
    const overflow = await page.evaluate((w) => {
      const over = document.documentElement.scrollWidth - Math.max(w, document.documentElement.clientWidth);
      if (over <= 0) return '';
      const clipped = (e: Element | null): boolean =>
        !!e && (getComputedStyle(e).overflowX !== 'visible' || clipped(e.parentElement));
      const culprits = [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > w + 1 && !clipped(e.parentElement))
        .filter((e) => !(e.parentElement && e.parentElement.getBoundingClientRect().right > w + 1))
        .slice(0, 4)
        .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`);
      return `${over}px wider than the screen: ${culprits.join(', ')}`;
    }, width);
    if (overflow) failures.push(`${spec.name} @${width}: ${overflow}`);
  }
});
