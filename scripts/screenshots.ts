// `npm run screenshots`: starts the service on a fresh data directory with the demo data (its first scan runs
// from the sample corpus), signs in with the link it prints, and saves the main pages at 1280 and 390 px to
// docs/screenshots/ with headless Chromium, the alerts too (scripts/screenshots-alerts.ts). PORT (default 3199)
// and CHROMIUM_PATH are read from the environment.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/e2e/browser.ts';
import {
  prepareAlerts,
  shootAlertEmail,
  shootAlertsSection,
  startAlertReceiver,
} from './screenshots-alerts.ts';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'docs/screenshots');
const PORT = Number(process.env.PORT || 3199);
const BASE = `http://127.0.0.1:${PORT}`;
const MAX_HEIGHT = 1600;
const WIDTHS = [
  { name: 'wide', viewport: { width: 1280, height: 860 }, scale: 1 },
  { name: 'phone', viewport: { width: 390, height: 844 }, scale: 2 },
];

/** Starts `node src/main.ts` and resolves with the sign-in link from its banner. */
function startService(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; link: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: BASE,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no sign-in link after 60 s:\n${out}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const link = /(https?:\/\/\S+\/sign-in#token=[\w-]+)/.exec(out)?.[1];
      if (link) {
        clearTimeout(timer);
        resolve({ child, link });
      }
    });
    child.on('exit', (code) => reject(new Error(`the service exited (${code}):\n${out}`)));
  });
}

/** The banner comes before the server listens: wait for it to answer. */
async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${BASE}/healthz did not answer within 30 s`);
}

async function json<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await fetch(`/dashboard/api${p}`)).json(), path) as Promise<T>;
}

/** Waits until the demo project's first scan has finished, so leads, history and usage have something. */
async function waitForDemoScan(page: Page): Promise<string> {
  for (let i = 0; i < 120; i++) {
    const { projects } = await json<{ projects: { id: string; lastScan: { status: string } | null }[] }>(
      page,
      '/projects',
    );
    const demo = projects[0];
    if (demo?.lastScan && (demo.lastScan.status === 'done' || demo.lastScan.status === 'failed'))
      return demo.id;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the demo scan did not finish within a minute');
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'screenshots-data-'));
  const alerts = await startAlertReceiver(dataDir);
  const { child, link } = await startService(dataDir, alerts.env);
  await waitForHealth();
  const browser = await launchChromium();
  try {
    mkdirSync(OUT, { recursive: true });
    let projectId = '';
    let leads: Awaited<ReturnType<typeof prepareAlerts>> = [];
    let project = { id: '', name: '' };
    for (const w of WIDTHS) {
      const context = await browser.newContext({
        viewport: w.viewport,
        deviceScaleFactor: w.scale,
        isMobile: w.name === 'phone',
        hasTouch: w.name === 'phone',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const shoot = async (name: string, path: string, ready: string) => {
        await page.goto(`${BASE}${path}`);
        await page.locator(ready).first().waitFor({ timeout: 20_000 });
        await page.waitForFunction(
          () => !document.querySelector('.skeleton-list, .skeleton-table, .spinner'),
        );
        await page.evaluate(() => document.fonts.ready);
        // The whole page, but at most MAX_HEIGHT: fifty leads on a phone make a picture nobody reads.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.screenshot({
          path: join(OUT, `${name}-${w.viewport.width}.png`),
          fullPage: true,
          clip: { x: 0, y: 0, width: w.viewport.width, height: Math.min(height, MAX_HEIGHT) },
        });
        process.stdout.write(`docs/screenshots/${name}-${w.viewport.width}.png\n`);
      };
      if (w === WIDTHS[0]) {
        await page.goto(`${BASE}/signed-out`);
        await page.screenshot({ path: join(OUT, `signed-out-${w.viewport.width}.png`) });
      }
      // The demo link is single use: the second context gets a session from the first one's cookie.
      if (w === WIDTHS[0]) {
        await page.goto(link.replace(/^https?:\/\/[^/]+/, BASE));
        await page.waitForURL(`${BASE}/`);
        projectId = await waitForDemoScan(page);
        leads = await prepareAlerts(page, projectId, alerts.slack.url);
        project = await json<{ id: string; name: string }>(page, `/projects/${projectId}`);
      } else {
        const [first] = browser.contexts();
        await context.addCookies(await first!.cookies());
      }
      const p = `/projects/${projectId}`;
      await shoot('projects', '/', '.project-card');
      await shoot('leads', p, 'tbody.lead');
      await shoot('scans', `${p}/scans`, '.scans-table');
      await shoot('project-usage', `${p}/usage`, '.chart-svg');
      await shoot('settings', `${p}/settings`, '.project-form');
      await shoot('webhooks', `${p}/webhooks`, '.add-form');
      await page.goto(`${BASE}${p}/settings`);
      await shootAlertsSection(page, join(OUT, `alerts-${w.viewport.width}.png`));
      process.stdout.write(`docs/screenshots/alerts-${w.viewport.width}.png\n`);
      await shoot('lead-link', `${p}?lead=${leads[0]!.id}`, 'section.linked-lead .lead-title');
      await shoot('pain-themes', `${p}/themes`, 'section[aria-label="Pain themes"]');
      await shoot('seo', `${p}/seo`, 'section[aria-label="SEO opportunities"]');
      await shoot('ai-visibility', `${p}/ai-visibility`, 'section[aria-label="AI visibility"]');
      await shoot('usage', '/usage', '.chart-svg');
      await shoot('new-project', '/projects/new', '.project-form');
      await shoot('api-access', '/api-access', '.keys-table');
    }
    for (const f of await shootAlertEmail(browser, OUT, BASE, project, leads))
      process.stdout.write(`docs/screenshots/${f}\n`);
  } finally {
    await browser.close();
    await alerts.slack.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
