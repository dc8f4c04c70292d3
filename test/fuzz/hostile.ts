// The hostile-input fuzz run (docs/reliability.md, "Hostile input"): requests generated with fast-check over
// REST, /mcp and the dashboard API, sent as raw bytes so that nothing a client library refuses is left out.
import { connect } from 'node:net';
import fc from 'fast-check';

export { fuzzDigest as databaseDigest } from './digest.ts';

export interface FuzzTargets {
  baseUrl: string;
  restKey: string;
  mcpKey: string;
  revokedKey: string;
  otherRestKey: string;
  sessionCookie: string;
  projectId: string;
  otherProjectId: string;
  webhookId: string;
  keyId: string;
}

export interface FuzzRequest {
  surface: 'rest' | 'mcp' | 'dashboard' | 'other';
  method: string;
  target: string;
  headers: [string, string][];
  body: Buffer;
  /** A request that may legitimately succeed without changing anything. */
  readOnly: boolean;
  /** Sent without a Host header (HTTP/1.1 requires one). */
  noHost?: boolean;
}

export interface FuzzAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

export interface FuzzFinding {
  request: string;
  answer: string;
  problem: string;
}

const INJECTIONS = [
  "' OR 1=1 --",
  "'; DROP TABLE leads; --",
  '" OR ""="',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style probe, meant literally
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  '\u0000',
  '%00',
  '\u202e\u0000x',
  '$where',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '9007199254740993',
  '99999999999999999999999999999999999999',
  '-1',
  '0x10',
  '1.5',
  '',
  ' ',
  '%',
  '%ZZ',
  '%C3%28',
  '%FF%FE',
  '%E0%A4%A',
  '😀'.repeat(50),
];

/** Query-string text: known and unknown names, duplicated, with hostile values, sometimes raw-encoded. */
const queryArb = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'status',
        'minScore',
        'since',
        'limit',
        'offset',
        'include',
        'x',
        '__proto__',
        'limit[]',
      ),
      fc.oneof(
        fc.constantFrom(...INJECTIONS),
        fc.constantFrom(
          'new',
          'all',
          'hidden',
          'body',
          '50',
          '0',
          '100',
          '2026-01-01',
          '2026-01-01T00:00:00',
        ),
        fc.string({ maxLength: 40 }),
        fc.integer().map(String),
        fc.constant('9'.repeat(500)),
        fc.constant('a'.repeat(5000)),
      ),
      fc.boolean(),
    ),
    { maxLength: 6 },
  )
  .map((pairs) =>
    pairs
      .map(([k, v, raw]) => `${k}=${raw && /^[\x21-\x7e]*$/.test(v) ? v : encodeURIComponent(v)}`)
      .join('&'),
  );

const idArb = (own: string, other: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(own) },
    { weight: 2, arbitrary: fc.constant(other) },
    { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constantFrom('%00', '%2F', '..', '%2e%2e', '%E0%A4%A', 'x'.repeat(600), '%') },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
  );

function authArb(t: FuzzTargets, wanted: 'rest' | 'mcp'): fc.Arbitrary<[string, string][]> {
  const own = wanted === 'rest' ? t.restKey : t.mcpKey;
  const wrongKind = wanted === 'rest' ? t.mcpKey : t.restKey;
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant<[string, string][]>([['Authorization', `Bearer ${own}`]]) },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(
          `Bearer ${wrongKind}`,
          `Bearer ${t.revokedKey}`,
          `Bearer ${t.otherRestKey}`,
          'Bearer ',
          'Bearer rl_sk_',
          'Bearer sbk_',
          `Basic ${Buffer.from('a:b').toString('base64')}`,
          `bearer ${own} extra`,
          `Bearer ${own}\u0000`,
          `Bearer ${'x'.repeat(9000)}`,
          `Bearer ${own.toUpperCase()}`,
        )
        .map((v): [string, string][] => [['Authorization', v]]),
    },
    {
      weight: 1,
      arbitrary: fc.constant<[string, string][]>([
        ['Authorization', `Bearer ${own}`],
        ['Authorization', `Bearer ${wrongKind}`],
      ]),
    },
    { weight: 1, arbitrary: fc.constant<[string, string][]>([]) },
  );
}

/**
 * Extra headers: oversized, duplicated, NUL bytes, odd ids and types. Not a Content-Length or
 * Transfer-Encoding that lies about the body: the server then waits for bytes that never come, which is the
 * slow-client case (closed by the request time-out, test/operations.test.ts).
 */
const extraHeadersArb: fc.Arbitrary<[string, string][]> = fc.array(
  fc.oneof(
    fc.constantFrom<[string, string]>(
      ['X-Request-Id', 'a b <c>'],
      ['X-Request-Id', 'x'.repeat(300)],
      ['X-Big', 'b'.repeat(20_000)],
      ['X-Nul', 'a\u0000b'],
      ['Accept', '*/*'],
      ['Accept', 'text/event-stream'],
      ['Origin', 'https://evil.example'],
      ['Origin', 'null'],
      ['MCP-Protocol-Version', '1999-01-01'],
      ['Cookie', 'rl_session=forged'],
      ['Host', 'evil.example'],
      ['Content-Type', 'text/plain'],
      ['Content-Type', 'application/json; charset=utf-16'],
    ),
    fc.tuple(
      fc.stringMatching(/^[A-Za-z][A-Za-z-]{0,20}$/),
      fc.string({ maxLength: 50 }).map((s) => s.replace(/[\r\n]/g, '')),
    ),
  ),
  { maxLength: 3 },
);

/** JSON and not-quite-JSON bodies: bad syntax, bad UTF-8, NUL bytes, huge, deep, wrong types. */
const hostileBodyArb: fc.Arbitrary<Buffer> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
  fc
    .constantFrom(
      '{',
      '{"a":',
      '[]',
      'null',
      '1e400',
      '"\\ud800"',
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
    )
    .map((s) => Buffer.from(s)),
  fc.constant(Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x22])),
  fc.constant(Buffer.from(`{"a":"${'x'.repeat(70_000)}"}`)),
  fc.integer({ min: 100, max: 3000 }).map((d) => Buffer.from(`${'['.repeat(d)}${']'.repeat(d)}`)),
  fc.string({ maxLength: 200 }).map((s) => Buffer.from(s)),
);

function restArb(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const suffix = fc.constantFrom(
    '',
    '/leads',
    '/leads',
    '/leads',
    '/seo-opportunities',
    '/pain-themes',
    '/usage',
  );
  const path = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(idArb(t.projectId, t.otherProjectId), suffix)
        .map(([id, s]) => `/api/v1/projects/${id}${s}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '/api/v1/me',
        '/api/v1/projects',
        '/api/v1/openapi.json',
        '/api/v1/',
        '/api/v1/nope',
        '/api/v1//projects',
        '/api/v1/projects/../me',
        '/api/v1/%2e%2e/me',
        '/api/v1/projects/%2F/leads',
        // Aliases of the REST paths (issue 35): escaped letters, dot segments, doubled slashes.
        '/api/%76%31/me',
        '/api/v%31/projects',
        '/%61pi/v1/me',
        '/api/v1/./me',
        '//api/v1/me',
        '/x/../api/v1/me',
        '/api/v1/../api/v1/me',
      ),
    },
  );
  return fc
    .record({
      path,
      // An absolute-form request target (RFC 9112 §3.2.2), as a proxy sends: GET http://host/api/v1/me.
      absolute: fc.constantFrom(false, false, false, true),
      noHost: fc.constantFrom(false, false, false, false, false, true),
      query: queryArb,
      method: fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS', 'BREW', 'get'),
      auth: authArb(t, 'rest'),
      extra: extraHeadersArb,
      body: fc.option(hostileBodyArb, { freq: 4 }),
    })
    .map((r) => ({
      surface: 'rest' as const,
      method: r.method,
      target: `${r.absolute ? t.baseUrl : ''}${r.query ? `${r.path}?${r.query}` : r.path}`,
      noHost: r.noHost,
      headers: [
        ...r.auth,
        ...r.extra,
        ...(r.body ? ([['Content-Type', 'application/json']] as [string, string][]) : []),
      ],
      body: r.body ?? Buffer.alloc(0),
      readOnly: true,
    }));
}

const TOOL_NAMES = [
  'list_projects',
  'get_project',
  'list_leads',
  'get_usage',
  'list_pain_themes',
  'list_seo_opportunities',
  'check_ai_visibility',
  'run_scan',
  'nope',
  '',
  '__proto__',
];

function mcpArb(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const value = fc.oneof(
    fc.constantFrom<unknown>(
      ...INJECTIONS,
      0,
      -1,
      1e308,
      2 ** 53 + 1,
      true,
      null,
      [],
      {},
      101,
      'all',
      'body',
    ),
    fc.jsonValue({ maxDepth: 3 }),
  );
  const args = fc.oneof(
    fc.dictionary(
      fc.constantFrom(
        'projectId',
        'status',
        'minScore',
        'since',
        'limit',
        'offset',
        'include',
        'wait',
        'productName',
        'question',
        'x',
      ),
      value,
      { maxKeys: 5 },
    ),
    fc.jsonValue({ maxDepth: 3 }),
    fc.integer({ min: 40, max: 3000 }).map((d) => JSON.parse(`${'{"a":'.repeat(d)}1${'}'.repeat(d)}`)),
  );
  const message = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ name: fc.constantFrom(...TOOL_NAMES), args }).map(({ name, args }) => {
        // The caller's own project only with read-only tools: run_scan on it would legitimately change data.
        const a =
          typeof args === 'object' && args !== null && !Array.isArray(args) ? { ...(args as object) } : args;
        if (
          name === 'run_scan' &&
          typeof a === 'object' &&
          a &&
          (a as { projectId?: unknown }).projectId === t.projectId
        ) {
          (a as { projectId?: unknown }).projectId = t.otherProjectId;
        }
        return JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name, arguments: a },
        });
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .record(
          {
            jsonrpc: fc.constantFrom<unknown>('2.0', '1.0', 2, null),
            id: fc.constantFrom<unknown>(1, 'a', null, {}, [], 1.5, 2 ** 60),
            method: fc.constantFrom<unknown>(
              'initialize',
              'ping',
              'tools/list',
              'tools/call',
              'resources/list',
              '',
              5,
              null,
              'x'.repeat(5000),
            ),
            params: fc.option(fc.jsonValue({ maxDepth: 3 })),
          },
          { requiredKeys: [] },
        )
        .map((m) => JSON.stringify(m)),
    },
    { weight: 2, arbitrary: hostileBodyArb.map((b) => b.toString('latin1')) },
  );
  return fc
    .record({
      message,
      raw: fc.option(hostileBodyArb, { freq: 5 }),
      method: fc.constantFrom('POST', 'POST', 'POST', 'POST', 'GET', 'DELETE', 'PUT'),
      auth: authArb(t, 'mcp'),
      type: fc.constantFrom(
        'application/json',
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
      ),
      extra: extraHeadersArb,
      path: fc.constantFrom('/mcp', '/mcp', '/mcp', '/mcp/', '/mcp?x=1', '/MCP', '/mcp/../mcp'),
    })
    .map((r) => ({
      surface: 'mcp' as const,
      method: r.method,
      target: r.path,
      headers: [
        ...r.auth,
        ['Content-Type', r.type] as [string, string],
        ['Accept', 'application/json, text/event-stream'] as [string, string],
        ...r.extra,
      ],
      body: r.raw ?? Buffer.from(r.message, 'latin1'),
      readOnly: true,
    }));
}

function dashboardArb(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const own = fc.constant(t.projectId);
  const anyId = idArb(t.projectId, t.otherProjectId);
  const foreign = fc.oneof(
    fc.constant(t.otherProjectId),
    fc.constantFrom(...INJECTIONS).map(encodeURIComponent),
  );
  // Reads may target the account's own records; writes only foreign ids or bodies that cannot be valid.
  const route = fc.oneof(
    fc
      .tuple(fc.constant('GET'), fc.constantFrom('/me', '/projects', '/keys'))
      .map(([m, p]) => ({ m, p, ro: true, body: null as Buffer | null })),
    fc
      .tuple(anyId, fc.constantFrom('', '/leads', '/webhooks', '/scans/x'))
      .map(([id, s]) => ({ m: 'GET', p: `/projects/${id}${s}`, ro: true, body: null })),
    fc
      .tuple(anyId, queryArb)
      .map(([id, q]) => ({ m: 'GET', p: `/projects/${id}/leads?${q}`, ro: true, body: null })),
    fc
      .tuple(fc.oneof(fc.constant(t.webhookId), foreign), fc.constantFrom(...INJECTIONS))
      .map(([id, limit]) => ({
        m: 'GET',
        p: `/webhooks/${id}/attempts?limit=${encodeURIComponent(limit)}`,
        ro: true,
        body: null,
      })),
    fc
      .tuple(foreign)
      .map(([id]) => ({ m: 'POST', p: `/projects/${id}/scans`, ro: false, body: Buffer.from('{}') })),
    fc
      .tuple(
        fc.oneof(own, foreign),
        fc.oneof(
          fc.constantFrom<unknown>(
            123,
            null,
            [],
            {},
            'http://example.com/hook',
            'https://127.0.0.1/x',
            'https://169.254.169.254/latest',
            'https://[::ffff:127.0.0.1]/',
            'javascript:alert(1)',
            'https://',
            'x'.repeat(3000),
            'https://a\u0000b.example/',
          ),
        ),
      )
      .map(([id, url]) => ({
        m: 'POST',
        p: `/projects/${id}/webhooks`,
        ro: false,
        body: Buffer.from(JSON.stringify({ url })),
      })),
    fc.tuple(foreign).map(([id]) => ({ m: 'DELETE', p: `/webhooks/${id}`, ro: false, body: null })),
    fc
      .tuple(
        fc.oneof(fc.constant(t.webhookId), foreign),
        fc.constantFrom<unknown>(1, null, [], '', "' OR 1=1", 'x'.repeat(300)),
      )
      .map(([id, leadId]) => ({
        m: 'POST',
        p: `/webhooks/${id}/redeliver`,
        ro: false,
        body: Buffer.from(JSON.stringify({ leadId })),
      })),
    fc
      // Not ['rest']: Fastify's documented array coercion reads a one-element array as its element.
      .constantFrom<unknown>('REST', 'admin', 1, null, ['rest', 'mcp'], { kind: 'rest' }, '')
      .map((kind) => ({ m: 'POST', p: '/keys', ro: false, body: Buffer.from(JSON.stringify({ kind })) })),
    fc.tuple(foreign).map(([id]) => ({ m: 'DELETE', p: `/keys/${id}`, ro: false, body: null })),
    hostileBodyArb.map((b) => ({ m: 'POST', p: '/keys', ro: false, body: b })),
    hostileBodyArb.map((b) => ({ m: 'POST', p: '/sign-in', ro: false, body: b })),
  );
  return fc
    .record({
      route,
      session: fc.constantFrom('own', 'own', 'own', 'none', 'forged'),
      origin: fc.constantFrom<string | null>(null, null, t.baseUrl, 'https://evil.example'),
      extra: extraHeadersArb,
    })
    .map((r) => {
      const headers: [string, string][] = [];
      if (r.session === 'own') headers.push(['Cookie', t.sessionCookie]);
      if (r.session === 'forged') headers.push(['Cookie', 'rl_session=forged; rl_session=again']);
      if (r.origin) headers.push(['Origin', r.origin]);
      if (r.route.body) headers.push(['Content-Type', 'application/json']);
      headers.push(...r.extra.filter(([k]) => k.toLowerCase() !== 'cookie'));
      return {
        surface: 'dashboard' as const,
        method: r.route.m,
        target: `/dashboard/api${r.route.p}`,
        headers,
        body: r.route.body ?? Buffer.alloc(0),
        readOnly: r.route.ro,
      };
    });
}

const otherArb: fc.Arbitrary<FuzzRequest> = fc
  .record({
    path: fc.constantFrom(
      '/',
      '/healthz',
      '/readyz',
      '/sign-in',
      '/projects/x',
      '/assets/../../package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/..%2f..%2fpackage.json',
      '/%00',
      '/index.html%00.js',
      '/favicon.ico',
      '/metrics',
      `/${'a'.repeat(9000)}`,
    ),
    method: fc.constantFrom('GET', 'HEAD', 'POST', 'TRACE', 'CONNECT'),
    extra: extraHeadersArb,
  })
  .map((r) => ({
    surface: 'other' as const,
    method: r.method,
    target: r.path,
    headers: r.extra,
    body: Buffer.alloc(0),
    readOnly: true,
  }));

export function requestArb(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 5, arbitrary: restArb(t) },
    { weight: 3, arbitrary: mcpArb(t) },
    { weight: 3, arbitrary: dashboardArb(t) },
    { weight: 1, arbitrary: otherArb },
  );
}

/** Sends one request as bytes on its own connection and reads the answer until the server closes it. */
export function send(baseUrl: string, r: FuzzRequest): Promise<FuzzAnswer> {
  const { port } = new URL(baseUrl);
  const head =
    `${r.method} ${r.target} HTTP/1.1\r\n${r.noHost ? '' : `Host: 127.0.0.1:${port}\r\n`}Connection: close\r\n` +
    r.headers.map(([k, v]) => `${k}: ${v}\r\n`).join('') +
    (r.body.length > 0 && !r.headers.some(([k]) => k.toLowerCase() === 'content-length')
      ? `Content-Length: ${r.body.length}\r\n`
      : '') +
    '\r\n';
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(20_000, () => socket.destroy(new Error('no answer within 20 s')));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (err) => {
      // The server may close while we still write a large body; what it answered before counts.
      if (chunks.length === 0) reject(err);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, at === -1 ? text.length : at).split('\r\n');
      const headers = new Map<string, string>();
      for (const l of lines)
        headers.set(l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim());
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: at === -1 ? '' : text.slice(at + 4),
      });
    });
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), r.body]));
  });
}

const INTERNALS =
  /\n\s+at [\w.<>]+ \(|node_modules|\.ts:\d+|\bat async\b|SQLSTATE|syntax error at|relation "|pglite|postgres:\/\/|\bpg_\w+|ECONNREFUSED|TypeError|RangeError|ReferenceError|stack/i;

/**
 * Whether a request target names the REST API however it is written: an absolute-form target's path, escapes
 * decoded, slashes merged, dot segments resolved (written apart from the service's own normalisation).
 */
export function namesApi(target: string): boolean {
  const path = target
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
    .split(/[?#]/, 1)[0]!
    .replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/[\\/]+/g, '/');
  const resolved = new URL(`http://x${path.startsWith('/') ? '' : '/'}${path}`).pathname;
  return resolved === '/api' || resolved.startsWith('/api/');
}

function isErrorShape(body: string): boolean {
  try {
    const e = (JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }).error;
    return typeof e?.code === 'string' && typeof e.message === 'string';
  } catch {
    return false;
  }
}

/** What must hold for every answer, whatever was sent. */
export function judge(r: FuzzRequest, a: FuzzAnswer): string | null {
  if (a.status === 0) return 'no HTTP answer';
  if (a.status >= 500) return `status ${a.status}`;
  if (INTERNALS.test(a.body)) return 'internal detail in the body';
  if (!a.headers.get('x-request-id')) return 'no X-Request-Id';
  if (namesApi(r.target)) {
    if (a.headers.get('x-request-cost-usd') !== '0') return 'no X-Request-Cost-Usd: 0';
    if (a.status >= 400 && r.method !== 'HEAD' && !isErrorShape(a.body))
      return 'an /api/ error not in the Error shape';
  }
  if (!r.readOnly && a.status >= 200 && a.status < 300) return `a write answered ${a.status}`;
  const type = a.headers.get('content-type') ?? '';
  if (type.includes('json') && a.body && r.method !== 'HEAD') {
    try {
      JSON.parse(a.body);
    } catch {
      return 'a JSON content type with a body that is not JSON';
    }
  }
  return null;
}

/** Sends `count` generated requests (fixed seed), `concurrency` at a time; returns what broke the rules. */
export async function runFuzz(
  t: FuzzTargets,
  opts: { seed: number; count: number; concurrency?: number; onProgress?: (done: number) => void },
): Promise<{ findings: FuzzFinding[]; bySurface: Record<string, number>; byStatus: Record<string, number> }> {
  const requests = fc.sample(requestArb(t), { seed: opts.seed, numRuns: opts.count });
  const findings: FuzzFinding[] = [];
  const bySurface: Record<string, number> = {};
  const byStatus: Record<string, number> = {};
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++]!;
      bySurface[r.surface] = (bySurface[r.surface] ?? 0) + 1;
      let answer: FuzzAnswer;
      try {
        answer = await send(t.baseUrl, r);
      } catch (err) {
        answer = { status: 0, headers: new Map(), body: String(err) };
      }
      byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
      const problem = judge(r, answer);
      if (problem) {
        findings.push({
          problem,
          request: `${r.method} ${r.target.slice(0, 300)} ${JSON.stringify(r.headers.map(([k, v]) => `${k}: ${v.slice(0, 80)}`))} body ${JSON.stringify(r.body.subarray(0, 300).toString('latin1'))}`,
          answer: `${answer.status} ${answer.body.slice(0, 300)}`,
        });
      }
      opts.onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  return { findings, bySurface, byStatus };
}
