import { setPriority } from 'node:os';
import { answerServiceRequest } from './cli/commands.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, requestLogLevel } from './config/index.ts';
import { controlSocketPath, serveControl } from './control/control.socket.ts';
import { DataDirBusyError } from './db/lock.ts';
import { openDatabase } from './db/open.ts';
import { createDemoAccount, demoSignInLink } from './demo.ts';
import { buildApp } from './http/app.ts';
import { buildOpsApp } from './http/ops-app.ts';
import { startJobs } from './jobs/jobs.ts';
import { logDestination } from './log.ts';
import { createReadiness } from './readiness.ts';
import { createServices } from './services.ts';

/** Within this a SIGTERM'd process has exited, whatever is still running (docs/decisions/0085-roles.md). */
const SHUTDOWN_BUDGET_MS = 10_000;

async function main() {
  const config = loadConfig();
  // Scans are background work: on a host shared with api processes they yield the CPU to requests (docs/
  // reliability.md, "Load"). Set first, so that the threads started later (libuv's pool) inherit it.
  if (config.role === 'worker' && config.workerNice > 0) {
    try {
      setPriority(config.workerNice);
    } catch (err) {
      process.stderr.write(`WORKER_NICE=${config.workerNice} not applied: ${(err as Error).message}\n`);
    }
  }
  // A process that serves requests opens its request path's database sessions before it is ready.
  const { db, close } = await openDatabase(config, 'the service (npm start)', {
    keepOpen: config.role === 'api',
  });
  const services = createServices({ db, clock: systemClock, config });
  const serves = config.role !== 'worker';
  const works = config.role !== 'api';
  const readiness = createReadiness(config.role, services.health);
  const logger = { level: config.logLevel, stream: logDestination() };
  // At a terminal a person reads the banner and the sign-in links: one JSON line per request would bury them.
  const requestLevel = requestLogLevel(config.requestLogging, process.stdout.isTTY === true);
  // A worker serves no API: its server has /healthz, /readyz and /metrics, and listens only with HEALTH_PORT.
  const app = serves
    ? await buildApp({ services, logger, readiness, requestLogLevel: requestLevel })
    : await buildOpsApp({ services, logger, readiness });

  if (config.demo && config.selfHosted && config.role === 'all') {
    // A banner for a person at a terminal, not a log line: the keys exist nowhere else.
    let banner = '';
    if (!(await services.accounts.hasAnyUser())) {
      const demo = await createDemoAccount(services);
      const base = `${config.publicBaseUrl}/api/v1`;
      banner +=
        `\nDemo account created. These keys are shown once:\n` +
        `  REST key (rl_sk_, read-only): ${demo.restKey}\n` +
        `  Tool key (sbk_, for /mcp):     ${demo.mcpKey}\n` +
        `Try:\n  curl -H "Authorization: Bearer ${demo.restKey}" ${base}/projects/${demo.projectId}/leads\n` +
        `  curl -H "Authorization: Bearer ${demo.mcpKey}" ${config.publicBaseUrl}/mcp ` +
        `-d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'\n`;
    }
    // A new link at every start, as long as the demo account exists (docs/decisions/0060-dashboard.md).
    const link = await demoSignInLink(services);
    if (link) banner += `\nDashboard: ${link} (valid 15 minutes)\n`;
    if (banner) process.stdout.write(`${banner}\n`);
  }

  // A database that comes back empty is migrated again within seconds, without a restart.
  const stopWatching = services.health.watch();

  // A worker's probes answer from the start, and /readyz says 503 until its job queue is up.
  readiness.set('jobs', 'starting');
  if (!serves && config.healthPort !== null) await app.listen({ port: config.healthPort, host: config.host });

  // A worker starts continuous scanning (with the demo project, its first scan starts now from the sample
  // corpus); an api process only queues scans (run_scan, the dashboard) for the workers.
  const jobs = await startJobs(services, { log: app.log, work: works });
  // Workers send what the delivery outbox holds, whichever process wrote it.
  if (works) {
    services.webhooks.startDelivering();
    services.alerts.startDelivering();
  }
  readiness.set('jobs', 'ready');

  let control: { close(): Promise<void> } | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    stopWatching();
    const deadline = Date.now() + SHUTDOWN_BUDGET_MS;
    setTimeout(() => {
      app.log.error({ signal }, 'shutdown overran its budget; exiting now');
      process.exit(1);
    }, SHUTDOWN_BUDGET_MS - 300).unref();
    app.log.info({ signal, role: config.role }, 'shutting down');
    readiness.set('jobs', 'stopping');
    // Stop taking requests and jobs; idle and half-sent sockets close now, in-flight requests finish (3 s at
    // most), scans stop at their next unit and are queued again for another worker; then the webhook attempts
    // still buffered are written, then the database closes.
    const jobsStopped = jobs.stop(SHUTDOWN_BUDGET_MS - 4000); // answers run_scan calls that wait, at once
    await app.close();
    await jobsStopped;
    await control?.close();
    await services.webhooks.close(Math.max(500, deadline - Date.now() - 1500));
    await services.alerts.close();
    await services.sessions.close();
    await services.onboarding.close();
    await close();
    app.log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (serves) await app.listen({ port: config.port, host: config.host });

  // `npm run setup` and `npm run login` reach the running service here (docs/decisions/0063).
  // Only ROLE=all: split roles run on PostgreSQL, where the CLI writes to the database itself, and several
  // processes sharing one DATA_DIR would replace each other's socket.
  const socket = controlSocketPath(config.dataDir);
  if (config.role === 'all')
    control = await serveControl(socket, async (request) => {
      try {
        const answer = await answerServiceRequest(
          {
            db,
            clock: systemClock,
            config,
            startFirstScan: (projectId) => services.scans.requestScan(projectId, 'first'),
          },
          request,
        );
        if (answer.ok)
          app.log.info(
            { command: (request as { command: string }).command },
            'ran a command from the local socket',
          );
        return answer;
      } catch (err) {
        app.log.error({ err }, 'a command from the local socket failed');
        return { ok: false, kind: 'failed', error: (err as Error).message };
      }
    }).catch((err: Error) => {
      app.log.warn(`npm run setup and npm run login cannot reach this service (${socket}: ${err.message})`);
      return null;
    });
  if (!config.selfHosted && !config.signIn.smtpUrl) {
    app.log.warn(
      'SELF_HOSTED=false without SMTP_URL: sign-in links go to this log, not to the people asking',
    );
  }
  app.log.info({ role: config.role, host: config.host, port: config.port, requests: requestLevel }, 'ready');
  if (serves && process.stdout.isTTY) {
    const reach = ['127.0.0.1', 'localhost', '::1'].includes(config.host)
      ? 'this machine only; HOST=0.0.0.0 listens on every interface'
      : 'every machine that can reach this one';
    const quiet =
      requestLevel === 'debug'
        ? '\nRequests are not logged at a terminal (LOG_REQUESTS=true logs them).'
        : '';
    process.stdout.write(
      `\nListening on ${config.host}:${config.port} (${reach}): ${config.publicBaseUrl}${quiet}\n\n`,
    );
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirBusyError) {
    process.stderr.write(`Cannot start: ${err.message}\n`);
  } else {
    process.stderr.write(`Cannot start: ${err?.stack ?? err}\n`);
  }
  process.exit(1);
});
