// The alerts part of `npm run screenshots` (issue 34): destinations on the demo project (a Slack one on a local https
// fake that answers as Slack does, tested once; an address waiting for confirmation; a paused Discord one), the
// Alerts section, an alert's link to a lead, and the alert e-mail's HTML in light and dark.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { type AlertMessage, emailHtml } from '../src/alerts/alerts.render.ts';
import { startSlackFake } from '../test/e2e/slack-fake.ts';
import { makeTestCa } from '../test/receivers.ts';

interface DashboardLead {
  id: string;
  title: string;
  subreddit: string;
  score: number;
  stage: string | null;
  reason: string | null;
  body?: string | null;
  url: string;
  reply?: string | null;
}

/** A local Slack fake and the service environment that lets the service reach it (its CA in the data directory). */
export async function startAlertReceiver(dataDir: string) {
  const ca = makeTestCa();
  const caFile = join(dataDir, 'alerts-test-ca.pem');
  writeFileSync(caFile, ca.caPem);
  const slack = await startSlackFake(ca);
  return { slack, env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_CA_FILE: caFile } };
}

async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/dashboard/api${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** Adds the three destinations and sends the Slack one a test; returns the project's best leads. */
export async function prepareAlerts(
  page: Page,
  projectId: string,
  slackUrl: string,
): Promise<DashboardLead[]> {
  const path = `/projects/${projectId}/alerts`;
  const add = (body: object) => call<{ id: string }>(page, 'POST', path, body);
  const slack = await add({ channel: 'slack', url: slackUrl, cadence: 'instant', minScore: 70 });
  await add({
    channel: 'email',
    to: 'team@chairtime.example',
    cadence: 'daily',
    dailyHour: 8,
    timeZone: 'Europe/Berlin',
  });
  const discord = await add({
    channel: 'discord',
    url: slackUrl.replace('/services/', '/api/webhooks/'),
    cadence: 'hourly',
  });
  await call(page, 'PATCH', `/alerts/${discord.id}`, { paused: true });
  await call(page, 'POST', `/alerts/${slack.id}/test`, {});
  const { leads } = await call<{ leads: DashboardLead[] }>(
    page,
    'GET',
    `/projects/${projectId}/leads?status=all&limit=3`,
  );
  return leads;
}

/** The settings' Alerts section with the Slack destination's log open, clipped from the whole page. */
export async function shootAlertsSection(page: Page, file: string) {
  await page.locator('section.alerts .alert-item').first().waitFor();
  await page
    .locator('section.alerts .alert-item')
    .first()
    .getByRole('button', { name: 'Delivery log' })
    .click();
  await page.locator('section.alerts tr[data-outcome="sent"]').waitFor();
  await page.mouse.move(0, 0); // no hover left on the button just pressed
  await page.evaluate(() => document.fonts.ready);
  const box = await page.evaluate(() => {
    const r = document.querySelector('section.alerts')!.getBoundingClientRect();
    return { x: 0, y: r.top + scrollY - 12, width: innerWidth, height: r.height + 24 };
  });
  await page.screenshot({ path: file, fullPage: true, clip: box });
}

/** The e-mail a daily digest of these leads sends, rendered by emailHtml() as a mail client would show it. */
export async function shootAlertEmail(
  browser: Browser,
  out: string,
  base: string,
  project: { id: string; name: string },
  leads: DashboardLead[],
) {
  const link = (n: number) => `${base}/alerts/a/${'x'.repeat(20)}${n}`;
  const message: AlertMessage = {
    kind: 'digest',
    projectName: project.name,
    queueUrl: `${base}/projects/${project.id}`,
    unsubscribeUrl: link(0),
    leads: leads.map((l, i) => ({
      id: l.id,
      title: l.title,
      subreddit: l.subreddit,
      score: l.score,
      stage: l.stage,
      reason: l.reason,
      body: l.body ?? null,
      url: l.url,
      reply: l.reply ?? null,
      dashboardUrl: `${base}/projects/${project.id}?lead=${l.id}`,
      hideUrl: link(2 * i + 1),
      notFitUrl: link(2 * i + 2),
    })),
  };
  const html = emailHtml(message);
  const files: string[] = [];
  for (const shot of [
    { name: 'alert-email-light', width: 720, scheme: 'light' as const },
    { name: 'alert-email-dark', width: 720, scheme: 'dark' as const },
    { name: 'alert-email-dark', width: 390, scheme: 'dark' as const },
  ]) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: 800 },
      deviceScaleFactor: shot.width < 500 ? 2 : 1,
      colorScheme: shot.scheme,
    });
    const page = await context.newPage();
    await page.setContent(html);
    const file = `${shot.name}-${shot.width}.png`;
    await page.screenshot({ path: join(out, file), fullPage: true });
    files.push(file);
    await context.close();
  }
  return files;
}
