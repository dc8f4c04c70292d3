import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freshTarget, root, runCli } from './cli-helpers.ts';
import { TEST_DATABASE_URL } from './harness.ts';

function setup(env: NodeJS.ProcessEnv, ...args: string[]) {
  return runCli('src/cli/setup.ts', env, ...args);
}

function importFile(projects: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'import-')), 'projects.json');
  writeFileSync(file, JSON.stringify(projects));
  return file;
}

describe('npm run setup', () => {
  let target: Awaited<ReturnType<typeof freshTarget>>;
  before(async () => {
    target = await freshTarget();
  });
  after(() => target.drop());

  test('prints one JSON object with new keys, is idempotent on email, imports projects without duplicates', async () => {
    const file = importFile([
      {
        name: 'Acme CRM',
        url: 'https://acme.example',
        keywords: ['crm'],
        subreddits: ['smallbusiness'],
        competitors: ['HubSpot'],
        webhooks: ['https://hooks.example.com/leads'],
      },
      { name: 'Second', scoreThreshold: 40 },
    ]);
    const first = setup(target.env, '--email', 'Owner@Example.com', '--tier', 'connected', '--import', file);
    assert.equal(first.code, 0, first.stderr);
    const out = JSON.parse(first.stdout);
    assert.equal(first.stdout.trim().split('\n').length, 1, 'exactly one line of JSON on stdout');
    assert.match(out.restKey, /^rl_sk_/);
    assert.match(out.mcpKey, /^sbk_/);
    assert.deepEqual(
      out.projects.map((p: { name: string }) => p.name),
      ['Acme CRM', 'Second'],
    );
    const [hook] = out.projects[0].webhooks;
    assert.equal(hook.url, 'https://hooks.example.com/leads');
    assert.ok(Buffer.from(hook.secret.replace(/^whsec_/, ''), 'base64').length >= 32);

    const again = setup(target.env, '--email', 'owner@example.com', '--import', file);
    assert.equal(again.code, 0, again.stderr);
    const out2 = JSON.parse(again.stdout);
    assert.equal(out2.userId, out.userId, 'same account for the same email');
    assert.notEqual(out2.restKey, out.restKey, 'a new key each run');
    assert.deepEqual(
      out2.projects.map((p: { id: string }) => p.id),
      out.projects.map((p: { id: string }) => p.id),
      'projects of the same name are updated, not duplicated',
    );
    assert.equal(out2.projects[0].webhooks[0].id, hook.id);
  });

  test("the README's recovery for the demo account works: setup and login both take demo@localhost", async () => {
    const run = setup(target.env, '--email', 'demo@localhost');
    assert.equal(run.code, 0, run.stderr);
    assert.match(JSON.parse(run.stdout).restKey, /^rl_sk_/);
    const login = runCli('src/cli/login.ts', target.env, '--email', 'Demo@Localhost');
    assert.equal(login.code, 0, login.stderr);
    assert.equal(JSON.parse(login.stdout).email, 'demo@localhost');
    // The same check refuses the same addresses in both commands (and on the sign-in page).
    for (const bad of ['not-an-email', 'two@at@signs', 'a space@example.com', '@example.com', 'x@']) {
      for (const script of ['src/cli/setup.ts', 'src/cli/login.ts']) {
        const refused = runCli(script, target.env, '--email', bad);
        assert.equal(refused.code, 2, `${script} ${bad}`);
        assert.match(refused.stderr, /--email <address> is required and must be an email address/);
      }
    }
  });

  test('bad input gets a clear message, exit code 2, and changes nothing', async () => {
    const cases: [string[], RegExp][] = [
      [[], /--email/],
      [['--email', 'not-an-email'], /--email/],
      [['--email', 'a@b.co', '--tier', 'gold'], /--tier must be one of free, connected/],
      [['--email', 'a@b.co', '--import', '/no/such/file.json'], /cannot read/],
      [
        ['--email', 'a@b.co', '--import', importFile([{ name: 'X', webhooks: ['http://insecure.example'] }])],
        /https/,
      ],
      [
        [
          '--email',
          'a@b.co',
          '--import',
          importFile([{ name: 'X', webhooks: ['https://169.254.169.254/x'] }]),
        ],
        /private or reserved address/,
      ],
      [
        ['--email', 'a@b.co', '--import', importFile([{ name: 'X', webhooks: ['https://localhost/x'] }])],
        /localhost resolves to a private or reserved address/,
      ],
      [['--email', 'a@b.co', '--import', importFile([{ name: 'X', scoreThreshold: 500 }])], /scoreThreshold/],
      [['--email', 'a@b.co', '--import', importFile([{ nom: 'X' }])], /name|additional/],
      [
        ['--email', 'a@b.co', '--import', importFile([{ name: 'X', subreddits: ['r/ok', 'not ok'] }])],
        /--import: \/0\/subreddits: "not ok" is not a subreddit name/,
      ],
    ];
    for (const [args, message] of cases) {
      const run = setup(target.env, ...args);
      assert.equal(run.code, 2, args.join(' '));
      assert.equal(run.stdout, '');
      assert.match(run.stderr, message, args.join(' '));
    }
    // a@b.co was never created: a later run makes a new account with no projects.
    const ok = JSON.parse(setup(target.env, '--email', 'a@b.co').stdout);
    assert.deepEqual(ok.projects, []);
  });

  test('with SELF_HOSTED=false an import cannot take an account past its tier, and changes nothing', async () => {
    const env = { ...target.env, SELF_HOSTED: 'false' };
    const two = importFile([{ name: 'One' }, { name: 'Two' }]);
    const over = setup(env, '--email', 'free@example.com', '--tier', 'free', '--import', two);
    assert.equal(over.code, 2);
    assert.match(over.stderr, /The free plan allows 1 project; this would make 2/);
    const keywords = importFile([{ name: 'One', keywords: Array.from({ length: 11 }, (_, i) => `kw${i}`) }]);
    const tooMany = setup(env, '--email', 'free@example.com', '--tier', 'free', '--import', keywords);
    assert.match(tooMany.stderr, /\/0\/keywords: 11 entered; the free plan allows 10 per project/);
    const ok = setup(
      env,
      '--email',
      'free@example.com',
      '--tier',
      'free',
      '--import',
      importFile([{ name: 'One' }]),
    );
    assert.equal(ok.code, 0, ok.stderr);
    assert.deepEqual(
      JSON.parse(ok.stdout).projects.map((p: { name: string }) => p.name),
      ['One'],
      'the refused imports left nothing behind',
    );
  });

  test('with SELF_HOSTED=false an import names every limit it passes and every invalid field at once', async () => {
    const env = { ...target.env, SELF_HOSTED: 'false' };
    const args = ['--email', 'all-at-once@example.com', '--tier', 'free', '--import'];
    const hooks = [1, 2, 3].map((i) => `https://hooks.example.com/${i}`);
    const over = setup(
      env,
      ...args,
      importFile([{ name: 'P', competitors: ['a', 'b', 'c', 'd'], webhooks: hooks }]),
    );
    assert.equal(over.code, 2);
    assert.match(over.stderr, /\/0\/competitors: 4 entered; the free plan allows 2 per project/);
    assert.match(over.stderr, /\/0\/webhooks: 3 entered; webhooks are not part of the free plan/);
    const invalid = setup(
      env,
      ...args,
      importFile([
        { name: 'P', scoreThreshold: 500 },
        { name: 'Q', webhooks: ['ftp://x'], subreddits: ['no way'] },
      ]),
    );
    assert.equal(invalid.code, 2);
    for (const field of ['/0/scoreThreshold', '/1/subreddits', '/1/webhooks']) {
      assert.ok(invalid.stderr.includes(`${field}: `), `${field} in ${invalid.stderr}`);
    }
  });

  test("with SELF_HOSTED=false setup issues keys only within the plan's cap", async () => {
    const env = { ...target.env, SELF_HOSTED: 'false' };
    const args = ['--email', 'keys@example.com', '--tier', 'free'];
    assert.equal(setup(env, ...args).code, 0);
    assert.equal(setup(env, ...args).code, 0, 'the free plan allows 2 active keys of each kind');
    const third = setup(env, ...args, '--import', importFile([{ name: 'Refused' }]));
    assert.equal(third.code, 2);
    assert.match(third.stderr, /The free plan allows 2 active REST keys; revoke one to add another\./);
    const paid = setup(env, '--email', 'keys@example.com', '--tier', 'connected');
    assert.equal(paid.code, 0, `the connected plan allows 10: ${paid.stderr}`);
  });

  test('with SELF_HOSTED=false an import cannot add webhooks past the tier (none on free), and changes nothing', async () => {
    const env = { ...target.env, SELF_HOSTED: 'false' };
    const hook = (i: number) => `https://hooks.example.com/leads/${i}`;
    const free = setup(
      env,
      ...['--email', 'nohooks@example.com', '--tier', 'free', '--import'],
      importFile([{ name: 'Hooked', webhooks: [hook(0)] }]),
    );
    assert.equal(free.code, 2);
    assert.match(free.stderr, /webhooks are not part of the free plan/i);
    const plain = setup(
      env,
      ...['--email', 'nohooks@example.com', '--tier', 'free', '--import'],
      importFile([{ name: 'Hooked' }]),
    );
    assert.equal(plain.code, 0, plain.stderr);
    assert.deepEqual(JSON.parse(plain.stdout).projects[0].webhooks, [], 'the refused import wrote nothing');

    // connected allows 5 per account: 5 across two projects pass, and importing them again adds none.
    const five = importFile([
      { name: 'A', webhooks: [hook(1), hook(2), hook(3)] },
      { name: 'B', webhooks: [hook(4), hook(5)] },
    ]);
    const args = ['--email', 'paid@example.com', '--tier', 'connected', '--import'];
    assert.equal(setup(env, ...args, five).code, 0);
    assert.equal(setup(env, ...args, five).code, 0, 're-importing the same URLs adds nothing');
    const sixth = setup(env, ...args, importFile([{ name: 'B', webhooks: [hook(6)] }]));
    assert.equal(sixth.code, 2);
    assert.match(
      sixth.stderr,
      /connected plan allows 5 webhooks per account; this import would make 6\. Remove 1/,
    );
  });

  test('with the embedded database, setup works while the service holds it, through the service', {
    skip: !!TEST_DATABASE_URL,
  }, async () => {
    const env = {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'busy-')),
      DATABASE_URL: '',
      PORT: '0',
      DEMO: 'false',
    };
    const privateHook = importFile([{ name: 'Private hook', webhooks: ['https://10.1.2.3/hook'] }]);
    const service = spawn(process.execPath, ['src/main.ts'], {
      cwd: root,
      env: { ...env, WEBHOOK_ALLOW_PRIVATE: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        let log = '';
        service.stdout.on('data', (d) => {
          log += d;
          if (log.includes('Server listening')) resolve();
        });
        service.on('exit', () => reject(new Error(`service exited: ${log}`)));
      });
      const run = setup({ DATA_DIR: env.DATA_DIR, DATABASE_URL: '' }, '--email', 'x@y.co');
      assert.equal(run.code, 0, run.stderr);
      assert.match(JSON.parse(run.stdout).restKey, /^rl_sk_/);
      // Issue 35: the running service's WEBHOOK_ALLOW_PRIVATE decides, not the command's own environment.
      const hooked = setup(
        { DATA_DIR: env.DATA_DIR, DATABASE_URL: '', WEBHOOK_ALLOW_PRIVATE: 'false' },
        '--email',
        'x@y.co',
        '--import',
        privateHook,
      );
      assert.equal(hooked.code, 0, hooked.stderr);
      assert.equal(JSON.parse(hooked.stdout).projects[0].webhooks[0].url, 'https://10.1.2.3/hook');
    } finally {
      service.kill('SIGTERM');
      await new Promise((r) => service.once('exit', r));
    }
    const run = setup({ DATA_DIR: env.DATA_DIR, DATABASE_URL: '' }, '--email', 'x@y.co');
    assert.equal(run.code, 0, `after the service stops, setup works: ${run.stderr}`);
    // With no service, the command writes, so its own environment decides.
    const alone = setup(
      { DATA_DIR: env.DATA_DIR, DATABASE_URL: '', WEBHOOK_ALLOW_PRIVATE: 'false' },
      '--email',
      'x@y.co',
      '--import',
      privateHook,
    );
    assert.equal(alone.code, 2);
    assert.match(alone.stderr, /10\.1\.2\.3.*private or reserved address/);
  });
});
