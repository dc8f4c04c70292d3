// Asking for a sign-in link from the page (docs/decisions/0061): delivery, no account enumeration, throttling,
// sign-up rules. Real HTTP, real database, a real SMTP server on 127.0.0.1.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixedClock } from '../src/clock.ts';
import type { Config } from '../src/config/index.ts';
import { LINK_REQUESTS } from '../src/sessions/sessions.service.ts';
import { dashboardClient, tokenOf } from './dashboard-helpers.ts';
import { startSmtpReceiver } from './fakes/smtp-receiver.ts';
import { createAccount, startTestApp, type TestApp, testConfig } from './harness.ts';

const signIn = testConfig().signIn;
const LINK = /(http:\/\/\S+\/sign-in#token=[A-Za-z0-9_-]{43})/;

/** A service whose log lines are kept; the links in it, by address. */
async function appWithLog(config: Partial<Config> = {}, clock = fixedClock(new Date())) {
  const lines: string[] = [];
  const t = await startTestApp({ config, clock, log: (line) => lines.push(line) });
  const linkFor = (email: string) => {
    const line = lines.findLast((l) => l.includes(` ${email},`) && l.includes('sign-in#token='));
    return line ? LINK.exec(line)![1]! : null;
  };
  return { t, lines, clock, linkFor };
}

const ask = (t: TestApp, email: string, headers: Record<string, string> = {}) =>
  dashboardClient(t).call('POST', '/sign-in-links', { email }, headers);

async function countRows(t: TestApp, table: 'users' | 'sign_in_tokens'): Promise<number> {
  return (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
}

describe('sign-in links from the page, self-hosted without SMTP', () => {
  let s: Awaited<ReturnType<typeof appWithLog>>;
  let known: string;
  before(async () => {
    s = await appWithLog();
    const acct = await createAccount(s.t.services);
    known = (await s.t.services.accounts.findUser({ userId: acct.userId }))!.email!;
  });
  after(() => s.t.close());

  test('a known address gets its link in the log, one line with sign-in#token=, and it signs in', async () => {
    const res = await ask(s.t, known.toUpperCase());
    assert.equal(res.status, 202);
    assert.deepEqual(res.body, { delivery: 'log', validMinutes: 15 });
    const link = s.linkFor(known);
    assert.ok(link, s.lines.join('\n'));
    const d = dashboardClient(s.t);
    assert.equal((await d.post('/sign-in', { token: tokenOf(link) })).status, 204);
    assert.equal((await d.get('/me')).body.email, known);
    assert.equal((await d.post('/sign-in', { token: tokenOf(link) })).status, 401, 'single use');
  });

  test('an unknown address gets the same answer, no link, no account; the log tells the operator', async () => {
    const users = await countRows(s.t, 'users');
    const tokens = await countRows(s.t, 'sign_in_tokens');
    const knownAnswer = await ask(s.t, known);
    const unknownAnswer = await ask(s.t, 'stranger@example.com');
    assert.equal(unknownAnswer.status, knownAnswer.status);
    assert.deepEqual(unknownAnswer.body, knownAnswer.body);
    assert.equal(s.linkFor('stranger@example.com'), null);
    assert.match(s.lines.at(-1)!, /stranger@example\.com, which has no account .*npm run setup -- --email/);
    assert.equal(await countRows(s.t, 'users'), users);
    assert.equal(await countRows(s.t, 'sign_in_tokens'), tokens + 1, 'only the known address got a token');
  });

  test('bad input is a readable 400 and counts nothing', async () => {
    for (const body of [
      { email: 'not an address' },
      { email: '' },
      { email: 'a@b\u001b[31m' },
      {},
      { email: 7 },
    ]) {
      const res = await dashboardClient(s.t).call('POST', '/sign-in-links', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'invalid_request');
    }
    assert.match(
      (await ask(s.t, 'not an address')).body.error.message,
      /Enter an e-mail address, like you@example\.com/,
    );
  });
});

describe('throttling link requests', () => {
  let s: Awaited<ReturnType<typeof appWithLog>>;
  before(async () => {
    s = await appWithLog();
    await s.t.services.accounts.createUser('busy@example.com', 'free');
  });
  after(() => s.t.close());

  test('per address: past the limit a clear 429 with Retry-After, the same for an unknown address', async () => {
    for (const email of ['busy@example.com', 'ghost@example.com']) {
      for (let i = 0; i < LINK_REQUESTS.perAddress; i++) assert.equal((await ask(s.t, email)).status, 202);
      const refused = await ask(s.t, email);
      assert.equal(refused.status, 429, email);
      assert.equal(refused.body.error.code, 'rate_limited');
      assert.match(
        refused.body.error.message,
        /Too many sign-in links were asked for this address .*Try again in 60 minutes/,
      );
      assert.equal(refused.headers.get('retry-after'), '3600');
    }
    const tokens = await countRows(s.t, 'sign_in_tokens');
    assert.equal(tokens, LINK_REQUESTS.perAddress, 'the refused requests minted nothing');
    s.clock.advance(LINK_REQUESTS.windowMs);
    assert.equal((await ask(s.t, 'busy@example.com')).status, 202, 'a new window an hour later');
  });

  test('per client address, across addresses', async () => {
    const t = (await appWithLog()).t;
    try {
      for (let i = 0; i < LINK_REQUESTS.perClient; i++) {
        assert.equal((await ask(t, `person${i}@example.com`)).status, 202);
      }
      const refused = await ask(t, 'one-more@example.com');
      assert.equal(refused.status, 429);
      assert.match(refused.body.error.message, /Too many sign-in links were asked from your network/);
    } finally {
      await t.close();
    }
  });

  test('behind a trusted proxy each client is counted by its X-Forwarded-For address', async () => {
    const t = (await appWithLog({ trustProxy: ['127.0.0.1'] })).t;
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      for (let i = 0; i < LINK_REQUESTS.perClient; i++) {
        assert.equal((await ask(t, `p${i}@example.com`, from('203.0.113.7'))).status, 202);
      }
      assert.equal((await ask(t, 'q@example.com', from('203.0.113.7'))).status, 429);
      assert.equal((await ask(t, 'q@example.com', from('198.51.100.9'))).status, 202, 'another client');
    } finally {
      await t.close();
    }
  });
});

describe('sign-up', () => {
  test('hosted (SELF_HOSTED=false): an unknown address gets a link that creates a free account', async () => {
    const s = await appWithLog({ selfHosted: false, signIn: { ...signIn, signup: 'open' } });
    try {
      const users = await countRows(s.t, 'users');
      const res = await ask(s.t, 'New.Person@Example.com');
      assert.equal(res.status, 202);
      assert.equal(await countRows(s.t, 'users'), users, 'no account before the link is opened');
      const link = s.linkFor('new.person@example.com');
      assert.ok(link);
      assert.match(s.lines.at(-1)!, /^Sign-up link \(creates the account\)/);
      const d = dashboardClient(s.t);
      assert.equal((await d.post('/sign-in', { token: tokenOf(link) })).status, 204);
      const me = (await d.get('/me')).body;
      assert.equal(me.email, 'new.person@example.com');
      assert.equal(me.tier, 'free');
      assert.equal(me.selfHosted, false);
      assert.equal((await d.get('/projects')).body.projects.length, 0);

      // The account exists now: the next link signs in to it, and opening an old sign-up link makes no second one.
      await ask(s.t, 'new.person@example.com');
      assert.match(s.lines.at(-1)!, /^Sign-in link for new\.person@example\.com/);
      assert.equal(await countRows(s.t, 'users'), users + 1);
    } finally {
      await s.t.close();
    }
  });

  test('two sign-up links for one address opened one after the other give one account', async () => {
    const s = await appWithLog({ selfHosted: false, signIn: { ...signIn, signup: 'open' } });
    try {
      await ask(s.t, 'twice@example.com');
      const first = s.linkFor('twice@example.com')!;
      await ask(s.t, 'twice@example.com');
      const second = s.linkFor('twice@example.com')!;
      assert.notEqual(first, second);
      const a = dashboardClient(s.t);
      const b = dashboardClient(s.t);
      assert.equal((await a.post('/sign-in', { token: tokenOf(first) })).status, 204);
      assert.equal((await b.post('/sign-in', { token: tokenOf(second) })).status, 204);
      assert.equal((await a.get('/me')).body.userId, (await b.get('/me')).body.userId);
    } finally {
      await s.t.close();
    }
  });

  test('self-hosted refuses unknown addresses unless SIGNUP=open', async () => {
    const closed = await appWithLog({ selfHosted: true, signIn: { ...signIn, signup: 'closed' } });
    try {
      assert.equal((await ask(closed.t, 'walk-in@example.com')).status, 202);
      assert.equal(closed.linkFor('walk-in@example.com'), null);
      assert.equal(await closed.t.services.accounts.findUser({ email: 'walk-in@example.com' }), undefined);
    } finally {
      await closed.t.close();
    }
    const open = await appWithLog({ selfHosted: true, signIn: { ...signIn, signup: 'open' } });
    try {
      await ask(open.t, 'walk-in@example.com');
      const d = dashboardClient(open.t);
      assert.equal(
        (await d.post('/sign-in', { token: tokenOf(open.linkFor('walk-in@example.com')!) })).status,
        204,
      );
      assert.equal((await d.get('/me')).body.email, 'walk-in@example.com');
    } finally {
      await open.t.close();
    }
  });
});

describe('sign-in links by e-mail (a real SMTP server on 127.0.0.1)', () => {
  test('the link arrives over SMTP with the configured sender and signs in; nothing goes to the log', async () => {
    const smtp = await startSmtpReceiver();
    const s = await appWithLog({
      selfHosted: false,
      signIn: { smtpUrl: smtp.url, mailFrom: 'Lead Intelligence <signin@leads.example>', signup: 'open' },
    });
    try {
      await s.t.services.accounts.createUser('mailed@example.com', 'connected');
      const res = await ask(s.t, 'mailed@example.com');
      assert.deepEqual(res.body, { delivery: 'email', validMinutes: 15 });
      const mail = await smtp.nextTo('mailed@example.com');
      assert.equal(mail.from, 'signin@leads.example');
      assert.equal(mail.user, 'mailer', 'authenticated with the credentials of SMTP_URL');
      assert.match(mail.headers, /^Subject: Your sign-in link/m);
      const link = LINK.exec(mail.text)?.[1];
      assert.ok(link, mail.text);
      assert.equal(s.lines.filter((l) => l.includes('sign-in#token=')).length, 0);
      const d = dashboardClient(s.t);
      assert.equal((await d.post('/sign-in', { token: tokenOf(link) })).status, 204);
      assert.equal((await d.get('/me')).body.email, 'mailed@example.com');

      // The same answer for an address without an account: its mail is a sign-up link.
      const unknown = await ask(s.t, 'fresh@example.com');
      assert.deepEqual(unknown.body, res.body);
      assert.match(
        (await smtp.nextTo('fresh@example.com')).headers,
        /^Subject: Create your Lead Intelligence account/m,
      );
    } finally {
      await s.t.close();
      await smtp.close();
    }
  });

  test('an SMTP server that refuses the login: the page answer is unchanged, the log says why', async () => {
    const smtp = await startSmtpReceiver();
    const s = await appWithLog({
      signIn: {
        smtpUrl: `smtp://mailer:wrong@127.0.0.1:${smtp.port}`,
        mailFrom: 'signin@leads.example',
        signup: 'closed',
      },
    });
    try {
      await s.t.services.accounts.createUser('x@example.com', 'free');
      assert.equal((await ask(s.t, 'x@example.com')).status, 202);
      await s.t.services.sessions.close();
      assert.match(s.lines.join('\n'), /Could not e-mail a sign-in link to x@example\.com: .*Invalid/);
      assert.equal(smtp.messages.length, 0);
    } finally {
      await s.t.close();
      await smtp.close();
    }
  });
});
