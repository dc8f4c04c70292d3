// Runs the MCP conformance suite (@modelcontextprotocol/conformance) against the tool endpoint: starts the
// service on a temporary embedded database, makes a tool key with the setup command, and runs the scenarios
// that apply to a tools-only server. Exits non-zero when any of them fails. `npm run test:conformance`.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSetup } from '../src/cli/setup.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config/index.ts';
import { openDatabase } from '../src/db/open.ts';
import { buildApp } from '../src/http/app.ts';
import { createServices } from '../src/services.ts';

/**
 * The scenarios a tools-only server without resources, prompts, logging, completions, sampling, elicitation
 * or server-sent streams can pass; the others test features it does not declare (docs/decisions/0042).
 */
export const APPLICABLE_SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

const FIXTURE_TOOLS = "calls a fixture tool that only the suite's reference test server has";
/** Every other server scenario of the suite, with why it does not apply; docs/mcp.md lists the same. */
export const NOT_APPLICABLE: Record<string, string> = {
  'logging-set-level': 'no logging capability is declared (logging/setLevel is -32601)',
  'completion-complete': 'no completions capability (no prompts or resource templates to complete)',
  'tools-call-simple-text': `${FIXTURE_TOOLS} (test_simple_text)`,
  'tools-call-image': `${FIXTURE_TOOLS} (test_image_content)`,
  'tools-call-audio': `${FIXTURE_TOOLS} (test_audio_content)`,
  'tools-call-embedded-resource': `${FIXTURE_TOOLS} (test_embedded_resource)`,
  'tools-call-mixed-content': `${FIXTURE_TOOLS} (test_multiple_content_types)`,
  'tools-call-with-logging': `${FIXTURE_TOOLS}, and needs logging notifications over a stream`,
  'tools-call-error': `${FIXTURE_TOOLS} (test_error_handling); our isError results are tested in test/mcp-sdk.test.ts`,
  'tools-call-with-progress': `${FIXTURE_TOOLS}, and needs progress notifications over a stream`,
  'tools-call-sampling': `${FIXTURE_TOOLS}, and needs the server to send sampling requests`,
  'tools-call-elicitation': `${FIXTURE_TOOLS}, and needs the server to send elicitation requests`,
  'json-schema-2020-12': `${FIXTURE_TOOLS} (json_schema_2020_12_tool)`,
  'elicitation-sep1034-defaults': 'the server sends no elicitation requests',
  'elicitation-sep1330-enums': 'the server sends no elicitation requests',
  'server-sse-polling': 'answers are single JSON objects without sessions or SSE streams (ADR 0040)',
  'server-sse-multiple-streams': 'answers are single JSON objects without sessions or SSE streams (ADR 0040)',
  'resources-list': 'no resources capability',
  'resources-read-text': 'no resources capability',
  'resources-read-binary': 'no resources capability',
  'resources-templates-read': 'no resources capability',
  'resources-subscribe': 'no resources capability',
  'resources-unsubscribe': 'no resources capability',
  'prompts-list': 'no prompts capability',
  'prompts-get-simple': 'no prompts capability',
  'prompts-get-with-args': 'no prompts capability',
  'prompts-get-embedded-resource': 'no prompts capability',
  'prompts-get-with-image': 'no prompts capability',
};

/** The suite's server scenarios that this script neither runs nor explains: a newer suite added them. */
function unclassifiedScenarios(cli: string): string[] {
  const listing = execFileSync(process.execPath, [cli, 'list'], { encoding: 'utf8' });
  const server = listing.split(/Client scenarios/)[0] ?? '';
  const names = [...server.matchAll(/^\s+- ([\w-]+)/gm)].map((m) => m[1]!);
  return names.filter((n) => !APPLICABLE_SCENARIOS.includes(n) && !(n in NOT_APPLICABLE));
}

/**
 * The suite has no option for request headers, so a loopback proxy adds the bearer key to each request and
 * passes every other header (Host and Origin included) through unchanged.
 */
function startAuthProxy(target: URL, key: string): Promise<http.Server> {
  const proxy = http.createServer((req, res) => {
    const headers = { ...req.headers };
    headers.authorization ??= `Bearer ${key}`;
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      res.writeHead(502).end(String(err));
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

const port = (server: { address(): unknown }) => (server.address() as { port: number }).port;

async function main(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'conformance-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'false', HOST: '127.0.0.1' });
  try {
    const { mcpKey } = await runSetup(config, ['--email', 'conformance@example.com']);
    const { db, close } = await openDatabase(config, 'the conformance run');
    const app = await buildApp({ services: createServices({ db, clock: systemClock, config }) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const proxy = await startAuthProxy(new URL(`http://127.0.0.1:${port(app.server)}`), mcpKey);
    const url = `http://127.0.0.1:${port(proxy)}/mcp`;
    const cli = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');

    const scenarios = process.argv.length > 2 ? process.argv.slice(2) : APPLICABLE_SCENARIOS;
    const unclassified = unclassifiedScenarios(cli).map((n) => `${n} (new in the suite: classify it)`);
    const failed: string[] = [];
    for (const scenario of scenarios) {
      process.stdout.write(`\n--- conformance scenario ${scenario} ---\n`);
      // Asynchronous on purpose: a blocking spawn would stall the server this process is running.
      const run = await new Promise<number | null>((resolve) => {
        spawn(process.execPath, [cli, 'server', '--url', url, '--scenario', scenario], {
          stdio: 'inherit',
        }).on('exit', resolve);
      });
      if (run !== 0) failed.push(scenario);
    }
    proxy.close();
    await app.close();
    await close();
    process.stdout.write(
      `\nconformance: ${scenarios.length - failed.length} passed, ${failed.length} failed, ` +
        `${Object.keys(NOT_APPLICABLE).length} not applicable (docs/mcp.md)\n`,
    );
    failed.push(...unclassified);
    if (failed.length) process.stderr.write(`conformance scenarios failed: ${failed.join(', ')}\n`);
    return failed.length ? 1 : 0;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
