// Alerts end to end (issue 34): a scan's new leads reach a real SMTP server and local Slack and Discord fakes,
// configured through the import file and the dashboard API; digests on a fake clock; the links in the e-mails.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { enqueueAlerts } from '../src/alerts/alerts.repo.ts';
import { fixedClock } from '../src/clock.ts';
import { DEMO_PROJECT } from '../src/demo.ts';
import { dashboardClient } from './dashboard-helpers.ts';
import { type ChatFake, startChatFake } from './fakes/chat-fake.ts';
import { type ReceivedMail, startSmtpReceiver } from './fakes/smtp-receiver.ts';
import { createProject, insertLeads, startTestApp, type TestApp, testConfig } from './harness.ts';
import { makeTestCa, type TestCa } from './receivers.ts';

const REDDIT_URL = /https:\/\/www\.reddit\.com\/r\/[^\s"<>|)\]]+/g;

/** The parts of a MIME message, each decoded by its own Content-Transfer-Encoding. */
function mimeParts(mail: ReceivedMail): { type: string; body: string }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.headers)?.[1];
  const raw = mail.text;
  if (!boundary) return [{ type: 'text/plain', body: raw }];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const split = part.indexOf('\r\n\r\n');
      const headers = part.slice(0, split);
      let body = part.slice(split + 4);
      const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
      if (encoding === 'quoted-printable') {
        body = Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
      } else if (encoding === 'base64')
        body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      return { type: /content-type:\s*([^;\r\n]+)/i.exec(headers)?.[1]?.trim() ?? '', body };
    });
}
const header = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}:\\s*(.+(?:\\r\\n[ \\t].+)*)`, 'im')
    .exec(mail.headers)?.[1]
    ?.replace(/\r\n[ \t]/g, ' ');
const urlsIn = (s: string) => new Set(s.match(REDDIT_URL) ?? []);

let ca: TestCa;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let t: TestApp;
const clock = fixedClock('2026-12-07T09:30:00Z');
const fakes: ChatFake[] = [];

before(async () => {
  ca = makeTestCa();
  smtp = await startSmtpReceiver();
  const base = testConfig();
  t = await startTestApp({
    clock,
    config: {
      webhooks: { ...base.webhooks, allowPrivate: true, extraCaPem: ca.caPem },
      signIn: { ...base.signIn, smtpUrl: smtp.url, mailFrom: 'Lead alerts <alerts@example.com>' },
    },
  });
});
after(async () => {
  await t.close();
  await smtp.close();
  for (const f of fakes) await f.close();
});

async function chat(flavour: 'slack' | 'discord') {
  const f = await startChatFake(ca, flavour);
  fakes.push(f);
  return f;
}

async function account(email = `owner-${Math.random().toString(36).slice(2)}@example.com`) {
  const user = await t.services.accounts.createUser(email, 'connected');
  return { userId: user.id, email };
}

async function scanNow(projectId: string) {
  const queued = await t.services.scans.requestScan(projectId, 'tool');
  const done = await t.services.scans.waitForScan(queued.scanId, 120_000);
  assert.equal(done.status, 'done', JSON.stringify(done));
  await t.services.alerts.idle();
  return done;
}

/** What a scan writes for leads inserted by hand: their alert rows, in one transaction. */
async function announce(leadIds: string[]) {
  await t.db.transaction((tx) => enqueueAlerts(tx, leadIds));
}

describe('instant alerts from a scan', () => {
  test('configured in the import file: e-mail, Slack and Discord each get every lead at or above their minimum, once, no seller', async () => {
    const owner = await account();
    const slack = await chat('slack');
    const discord = await chat('discord');
    const file = [
      {
        name: 'SlotBook',
        keywords: DEMO_PROJECT.keywords,
        subreddits: DEMO_PROJECT.subreddits,
        pain: DEMO_PROJECT.pain,
        solution: DEMO_PROJECT.solution,
        targetUsers: DEMO_PROJECT.targetUsers,
        scoreThreshold: 40,
        alerts: [
          { channel: 'email', to: owner.email.toUpperCase(), cadence: 'instant', minScore: 60 },
          { channel: 'slack', url: slack.url, cadence: 'instant' },
          { channel: 'discord', url: discord.url, cadence: 'instant', minScore: 80 },
        ],
      },
    ];
    const [imported] = await t.services.projects.importProjects(
      { userId: owner.userId, tier: 'connected' },
      file,
    );
    assert.deepEqual(
      imported!.alerts.map((a) => [a.channel, a.created, a.confirmed]),
      [
        ['email', true, true],
        ['slack', true, true],
        ['discord', true, true],
      ],
    );
    await scanNow(imported!.id);
    const leads = await t.db.query<{ url: string; score: number; seller_side: boolean }>(
      'SELECT url, score, seller_side FROM leads WHERE project_id = $1',
      [imported!.id],
    );
    const eligible = (min: number) =>
      new Set(leads.filter((l) => l.score >= min && !l.seller_side).map((l) => l.url));
    assert.ok(eligible(80).size >= 3 && eligible(40).size > eligible(80).size, `${leads.length} leads`);
    assert.ok(eligible(60).size < eligible(40).size, 'the minimums leave leads out');

    // Slack: Block Kit, one message per few leads; every eligible lead exactly once.
    await slack.waitFor(1);
    const slackUrls = slack.received.flatMap((m) => [...urlsIn(JSON.stringify(m.body.blocks))]);
    assert.deepEqual(new Set(slackUrls), eligible(40));
    assert.equal(slackUrls.length, eligible(40).size, 'no lead twice');
    for (const m of slack.received) {
      assert.ok(Array.isArray(m.body.blocks) && m.body.blocks.length <= 50);
      assert.match(m.body.text, /new leads? for SlotBook, best \d+/);
    }
    // Discord: embeds, at most ten per message.
    const discordUrls = discord.received.flatMap((m) => m.body.embeds.map((e: { url: string }) => e.url));
    assert.deepEqual(new Set(discordUrls), eligible(80));
    assert.equal(discordUrls.length, eligible(80).size);
    assert.ok(discord.received.every((m) => m.body.embeds.length <= 10));
    // E-mail: a text and an HTML part, the subject naming the project, the count and the best score.
    const mails = smtp.messages.filter((m) => m.to.includes(owner.email));
    assert.ok(mails.length >= 1);
    const mailed: string[] = [];
    for (const mail of mails) {
      const parts = mimeParts(mail);
      const text = parts.find((p) => p.type === 'text/plain')!.body;
      const html = parts.find((p) => p.type === 'text/html')!.body;
      assert.match(header(mail, 'Subject')!, /^\d+ new leads? for SlotBook, best \d+$/);
      assert.match(html, /<meta name="color-scheme" content="light dark">/);
      assert.match(header(mail, 'List-Unsubscribe-Post')!, /^List-Unsubscribe=One-Click$/);
      mailed.push(
        ...text
          .split('\n')
          .filter((l) => l.trim().startsWith('Post: '))
          .map((l) => l.trim().slice(6)),
      );
    }
    assert.deepEqual(new Set(mailed), eligible(60));
    assert.equal(mailed.length, eligible(60).size);
    // The log says so, per destination.
    for (const a of imported!.alerts) {
      const log = await t.services.alerts.deliveries(owner.userId, a.id);
      assert.ok(log.length >= 1 && log.every((d) => d.outcome === 'sent' && d.kind === 'instant'), a.channel);
    }
    // A second scan finds nothing new: nothing more is sent.
    const before = [slack.received.length, discord.received.length, smtp.messages.length];
    await scanNow(imported!.id);
    assert.deepEqual([slack.received.length, discord.received.length, smtp.messages.length], before);
  });

  test('configured over the dashboard API; a Slack 429 is retried after its Retry-After, a 400 is recorded and not retried', async () => {
    const owner = await account();
    const project = await createProject(t.services, owner.userId, { name: 'Retry' });
    const d = dashboardClient(t);
    await d.signIn(owner.userId);
    const slack = await chat('slack');
    const discord = await chat('discord');
    const broken = await chat('slack');
    const added = await d.post(`/projects/${project.id}/alerts`, {
      channel: 'slack',
      url: slack.url,
      minScore: 0,
    });
    assert.equal(added.status, 201, JSON.stringify(added.body));
    assert.match(
      added.body.target,
      /^https:\/\/127\.0\.0\.1:\d+\/services\/T0[^X]*…$/,
      'the secret path is not listed',
    );
    const addedDiscord = await d.post(`/projects/${project.id}/alerts`, {
      channel: 'discord',
      url: discord.url,
      minScore: 0,
    });
    const addedBroken = await d.post(`/projects/${project.id}/alerts`, {
      channel: 'slack',
      url: broken.url,
      minScore: 0,
    });
    slack.script({ kind: 'rate-limited', retryAfterSeconds: 1 });
    discord.script({ kind: 'rate-limited', retryAfterSeconds: 0.3 });
    broken.script({ kind: 'invalid' });
    const ids = await insertLeads(t.db, project.id, [{ score: 70, title: 'Which CRM for 5 people?' }]);
    await announce(ids);
    await t.services.alerts.runDue();
    await slack.waitFor(2, 20_000);
    await discord.waitFor(2, 20_000);
    await t.services.alerts.idle();
    assert.deepEqual(
      slack.received.map((r) => r.answered),
      [429, 200],
    );
    assert.ok(slack.received[1]!.at - slack.received[0]!.at >= 1000, 'waited for Retry-After');
    assert.deepEqual(
      discord.received.map((r) => r.answered),
      [429, 204],
    );
    const log = (await d.get(`/alerts/${added.body.id}/deliveries`)).body.deliveries;
    assert.deepEqual(log.map((x: { outcome: string }) => x.outcome).sort(), ['retrying', 'sent']);
    assert.match(log.find((x: { outcome: string }) => x.outcome === 'retrying').error, /^HTTP 429/);
    const discordLog = (await d.get(`/alerts/${addedDiscord.body.id}/deliveries`)).body.deliveries;
    assert.deepEqual(discordLog.map((x: { outcome: string }) => x.outcome).sort(), ['retrying', 'sent']);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(broken.received.length, 1, 'a 400 is not retried');
    const brokenLog = (await d.get(`/alerts/${addedBroken.body.id}/deliveries`)).body.deliveries;
    assert.equal(brokenLog.length, 1);
    assert.equal(brokenLog[0].outcome, 'failed');
    assert.equal(brokenLog[0].error, 'HTTP 400: invalid_blocks');
    // The test button sends now and logs it.
    const tried = await d.post(`/alerts/${added.body.id}/test`);
    assert.equal(tried.status, 200);
    assert.equal(tried.body.outcome, 'sent');
    assert.match(JSON.stringify(slack.received.at(-1)!.body), /Test alert for Retry/);
  });

  test('bad destinations are refused clearly and change nothing', async () => {
    const owner = await account();
    const project = await createProject(t.services, owner.userId);
    const d = dashboardClient(t);
    await d.signIn(owner.userId);
    const cases: [unknown, RegExp][] = [
      [{ channel: 'email', to: 'not an address' }, /e-mail address/],
      [{ channel: 'slack', url: 'http://hooks.slack.com/services/x' }, /https/],
      [{ channel: 'sms', to: '+1555' }, /channel/],
      [{ channel: 'email', to: owner.email, timeZone: 'Mars/Olympus', cadence: 'daily' }, /time zone/],
      [{ channel: 'email', to: owner.email, minScore: 101 }, /minScore|100/],
    ];
    for (const [body, message] of cases) {
      const res = await d.post(`/projects/${project.id}/alerts`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.error.message, message, JSON.stringify(res.body));
    }
    assert.deepEqual((await d.get(`/projects/${project.id}/alerts`)).body.alerts, []);
    // Where private addresses are not allowed (the default), chat URLs go through the webhooks' address guard.
    const strict = await startTestApp();
    try {
      const user = await strict.services.accounts.createUser('strict@example.com', 'connected');
      const p = await createProject(strict.services, user.id);
      for (const url of [
        'https://169.254.169.254/latest',
        'https://[::127.0.0.1]/api/webhooks/1/x',
        'https://127.0.0.1/services/T/B/x',
      ]) {
        await assert.rejects(
          strict.services.alerts.create(user.id, p.id, { channel: 'slack', url }),
          (e: { code: string; message: string }) =>
            e.code === 'invalid_request' && /private|reserved|loopback|address/i.test(e.message),
          url,
        );
      }
      assert.deepEqual(await strict.services.alerts.list(user.id, p.id), []);
    } finally {
      await strict.close();
    }
  });

  test('a hosted plan: no cadence faster than the tier’s, and chat alerts count with webhooks', async () => {
    const hosted = await startTestApp({
      config: {
        selfHosted: false,
        webhooks: { ...testConfig().webhooks, allowPrivate: true, extraCaPem: ca.caPem },
      },
    });
    try {
      const free = await hosted.services.accounts.createUser('free@example.com', 'free');
      const project = await createProject(hosted.services, free.id);
      await assert.rejects(
        hosted.services.alerts.create(free.id, project.id, {
          channel: 'email',
          to: 'free@example.com',
          cadence: 'hourly',
        }),
        (e: { code: string; message: string }) =>
          e.code === 'forbidden' && /daily at the fastest/.test(e.message),
      );
      const daily = await hosted.services.alerts.create(free.id, project.id, {
        channel: 'email',
        to: 'free@example.com',
        cadence: 'daily',
      });
      assert.equal(daily.cadence, 'daily');
      const slack = await chat('slack');
      await assert.rejects(
        hosted.services.alerts.create(free.id, project.id, {
          channel: 'slack',
          url: slack.url,
          cadence: 'daily',
        }),
        (e: { code: string; message: string }) =>
          e.code === 'forbidden' && /not part of the free plan/.test(e.message),
      );
    } finally {
      await hosted.close();
    }
  });
});

describe('digests on a fake clock', () => {
  test('hourly: on the hour, only what is new since the previous one, nothing for an empty hour', async () => {
    clock.set('2026-12-07T09:30:00Z');
    const owner = await account();
    const project = await createProject(t.services, owner.userId, { name: 'Hourly' });
    const slack = await chat('slack');
    const dest = await t.services.alerts.create(owner.userId, project.id, {
      channel: 'slack',
      url: slack.url,
      cadence: 'hourly',
      minScore: 50,
    });
    assert.equal(dest.nextDigestAt, '2026-12-07T10:00:00.000Z');
    const first = await insertLeads(t.db, project.id, [
      { score: 90 },
      { score: 55 },
      { score: 30 },
      { score: 95, sellerSide: true },
    ]);
    await announce(first);
    await t.services.alerts.runDue();
    assert.equal(slack.received.length, 0, 'nothing before the hour');
    clock.set('2026-12-07T10:00:00Z');
    await t.services.alerts.runDue();
    assert.equal(slack.received.length, 1);
    const digest = JSON.stringify(slack.received[0]!.body);
    assert.match(slack.received[0]!.body.text, /^2 new leads for Hourly, best 90$/);
    assert.equal(urlsIn(digest).size, 2);
    // An empty hour sends nothing, and the clock moves on.
    clock.set('2026-12-07T11:00:00Z');
    await t.services.alerts.runDue();
    assert.equal(slack.received.length, 1);
    const [row] = await t.db.query<{ next_digest_at: Date }>(
      'SELECT next_digest_at FROM alert_destinations WHERE id = $1',
      [dest.id],
    );
    assert.equal(row!.next_digest_at.toISOString(), '2026-12-07T12:00:00.000Z');
    const second = await insertLeads(t.db, project.id, [{ score: 70 }]);
    await announce(second);
    clock.set('2026-12-07T12:00:05Z');
    await t.services.alerts.runDue();
    assert.equal(slack.received.length, 2);
    assert.match(slack.received[1]!.body.text, /^1 new lead for Hourly, best 70$/);
  });

  test('daily: at the hour of the destination’s time zone, at most 20 shown and "and N more"', async () => {
    clock.set('2026-12-07T12:00:00Z');
    const owner = await account();
    const project = await createProject(t.services, owner.userId, { name: 'Daily' });
    const discord = await chat('discord');
    const dest = await t.services.alerts.create(owner.userId, project.id, {
      channel: 'discord',
      url: discord.url,
      cadence: 'daily',
      dailyHour: 8,
      timeZone: 'Europe/Berlin',
      minScore: 0,
    });
    assert.equal(dest.nextDigestAt, '2026-12-08T07:00:00.000Z');
    await announce(
      await insertLeads(
        t.db,
        project.id,
        Array.from({ length: 23 }, (_, i) => ({ score: 40 + i })),
      ),
    );
    clock.set('2026-12-08T06:59:00Z');
    await t.services.alerts.runDue();
    assert.equal(discord.received.length, 0);
    clock.set('2026-12-08T07:00:00Z');
    await t.services.alerts.runDue();
    assert.equal(discord.received.length, 2, 'twenty embeds in two messages of ten');
    assert.match(discord.received[0]!.body.content, /23 new leads for Daily, best 62/);
    assert.match(discord.received[1]!.body.content, /and 3 more: http/);
    const scores = discord.received.flatMap((m) =>
      m.body.embeds.map((e: { fields: { value: string }[] }) => Number(e.fields[0]!.value)),
    );
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
      'best first',
    );
    assert.equal(scores[0], 62);
  });
});

describe('the links in alert e-mails', () => {
  test('another person’s address gets only a confirmation until it is confirmed; hide, not-a-fit and one-click unsubscribe work', async () => {
    const owner = await account();
    const project = await createProject(t.services, owner.userId, { name: 'Links' });
    const colleague = `colleague-${Math.random().toString(36).slice(2)}@example.com`;
    const dest = await t.services.alerts.create(owner.userId, project.id, {
      channel: 'email',
      to: colleague,
      minScore: 0,
    });
    assert.equal(dest.confirmed, false);
    const confirmation = await smtp.nextTo(colleague, 20_000);
    assert.match(header(confirmation, 'Subject')!, /Confirm lead alerts for Links/);
    await announce(await insertLeads(t.db, project.id, [{ score: 80 }]));
    await t.services.alerts.runDue();
    assert.ok(!smtp.messages.some((m) => m.to.includes(colleague)), 'nothing before confirmation');

    const confirmUrl = /(http:\/\/\S+\/alerts\/a\/[A-Za-z0-9_-]+)/.exec(confirmation.text)![1]!;
    const asked = await fetch(confirmUrl);
    assert.equal(asked.status, 200);
    assert.match(await asked.text(), /<form method="post">/);
    assert.equal(
      (await t.services.alerts.list(owner.userId, project.id))[0]!.confirmed,
      false,
      'a GET changes nothing',
    );
    assert.equal((await fetch(confirmUrl, { method: 'POST' })).status, 200);
    assert.equal((await t.services.alerts.list(owner.userId, project.id))[0]!.confirmed, true);

    const [hideMe, notFit] = await insertLeads(t.db, project.id, [
      { score: 90, title: 'Hide me' },
      { score: 85, title: 'Not for us' },
    ]);
    await announce([hideMe!, notFit!]);
    await t.services.alerts.runDue();
    const mail = await smtp.nextTo(colleague, 20_000);
    const text = mimeParts(mail).find((p) => p.type === 'text/plain')!.body;
    const linkAfter = (title: string, label: string) => {
      const block = text.slice(text.indexOf(title));
      return new RegExp(`${label}: (\\S+)`).exec(block)![1]!;
    };
    const hide = linkAfter('Hide me', 'Hide');
    const nf = linkAfter('Not for us', 'Not a fit');
    assert.equal((await fetch(hide, { method: 'POST' })).status, 200);
    const again = await fetch(hide, { method: 'POST' });
    assert.equal(again.status, 410);
    assert.match(await again.text(), /already used/);
    assert.equal((await fetch(nf, { method: 'POST' })).status, 200);
    const statuses = await t.db.query<{ id: string; status: string }>(
      'SELECT id, status FROM leads WHERE id = ANY($1)',
      [[hideMe, notFit]],
    );
    assert.deepEqual(Object.fromEntries(statuses.map((s) => [s.id, s.status])), {
      [hideMe!]: 'hidden',
      [notFit!]: 'not_fit',
    });

    // RFC 8058: the mail client POSTs List-Unsubscribe=One-Click to the header's URL; the destination pauses.
    const unsubscribe = /<([^>]+)>/.exec(header(mail, 'List-Unsubscribe')!)![1]!;
    const res = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    assert.equal(res.status, 200);
    assert.equal((await t.services.alerts.list(owner.userId, project.id))[0]!.paused, true);
    await announce(await insertLeads(t.db, project.id, [{ score: 99 }]));
    await t.services.alerts.runDue();
    assert.ok(!smtp.messages.some((m) => m.to.includes(colleague)), 'nothing once unsubscribed');
    assert.equal((await fetch(`${t.baseUrl}/alerts/a/${'x'.repeat(32)}`)).status, 404);
  });
});
