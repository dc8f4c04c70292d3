import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { TestApp } from '../harness.ts';

/** The machine's Chromium (Debian package `chromium`); the tests never download a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** A reason to skip the browser tests on a machine without Chromium; never in CI, where a skip would hide it. */
export const chromiumMissing =
  existsSync(CHROMIUM_PATH) || process.env.CI
    ? false
    : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Screenshots go to E2E_SCREENSHOTS_DIR, or to a temporary directory that is removed when every test passed (a
 * failure leaves its pictures); never into the repository.
 */
export function screenshotDir(): { dir: string; done(passed: boolean): void } {
  const chosen = process.env.E2E_SCREENSHOTS_DIR;
  if (chosen) {
    mkdirSync(chosen, { recursive: true });
    return { dir: chosen, done: () => console.log(`# dashboard screenshots: ${chosen}`) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'dashboard-e2e-'));
  return {
    dir,
    done(passed) {
      if (passed) rmSync(dir, { recursive: true, force: true });
      else console.log(`# dashboard screenshots: ${dir}`);
    },
  };
}

/**
 * Collects what a person would see as breakage: uncaught errors and unhandled rejections in the page, and console
 * errors other than the browser's own note about an HTTP error status (a 401 or 400 the page handles).
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) {
      errors.push(`console: ${msg.text()}`);
    }
  });
  return errors;
}

/** Signs the page in as a person would: a fresh single-use link opened in the browser, landing on the projects. */
export async function signIn(page: Page, app: TestApp, userId: string): Promise<void> {
  const link = await app.services.sessions.mintSignInLink({ userId });
  await page.goto(`${app.baseUrl}/sign-in${new URL(link.signInUrl).hash}`);
  await page.waitForURL(`${app.baseUrl}/`);
}
