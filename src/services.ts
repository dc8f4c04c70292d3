import { createAccountsService } from './accounts/accounts.service.ts';
import { createAlertsService } from './alerts/alerts.service.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config/index.ts';
import type { Db } from './db/client.ts';
import { createDbHealth } from './db/health.ts';
import { createDeletionsService } from './deletions/deletions.service.ts';
import { createEventBus } from './events.ts';
import { createAiVisibilityService } from './insights/ai-visibility.service.ts';
import { createInsightsService } from './insights/insights.service.ts';
import { createPainThemesService } from './insights/pain-themes.service.ts';
import { createSeoService } from './insights/seo/seo.service.ts';
import { createKeywordsService } from './keywords/keywords.service.ts';
import { createLeadsService } from './leads/leads.service.ts';
import { createOnboardingService } from './onboarding/onboarding.service.ts';
import { createProjectsService } from './projects/projects.service.ts';
import { createScanHistory } from './scans/scans.history.ts';
import { createScansService } from './scans/scans.service.ts';
import { createEmbedder } from './scoring/embedder.ts';
import { createLlmScorer } from './scoring/llm.service.ts';
import { createVectorsRepo } from './scoring/vectors.repo.ts';
import type { OperatorLog } from './sessions/link-delivery.ts';
import { createSessionsService } from './sessions/sessions.service.ts';
import { createUpstreamSource } from './upstream/index.ts';
import { createSpendCapService } from './usage/spend-cap.service.ts';
import { createUsageService } from './usage/usage.service.ts';
import { createWebhooksService } from './webhooks/webhooks.service.ts';

/** Every service verb, built once from its dependencies; transports receive this and nothing else. */
export function createServices(deps: { db: Db; clock: Clock; config: Config; log?: OperatorLog }) {
  const events = createEventBus();
  // The model phase exists only when LLM_BASE_URL is set; without it scans score locally and synchronously.
  const llm = deps.config.llm ? createLlmScorer({ db: deps.db, config: deps.config.llm }) : null;
  // The meaning stage's encoder loads on the first scan that matches a post (MEANING=off: none).
  const embedder = deps.config.meaning
    ? createEmbedder({ store: createVectorsRepo(deps.db), threads: deps.config.meaningThreads })
    : null;
  const accounts = createAccountsService(deps);
  const upstream = createUpstreamSource(deps.config, deps);
  const spendCap = createSpendCapService(deps);
  const leads = createLeadsService(deps);
  const scans = createScansService({ ...deps, events, upstream, llm, embedder, spendCap });
  return {
    config: deps.config,
    clock: deps.clock,
    db: deps.db,
    events,
    accounts,
    sessions: createSessionsService({ ...deps, accounts }),
    projects: createProjectsService({
      ...deps,
      startFirstScan: (projectId) => scans.requestScan(projectId, 'first'),
    }),
    leads,
    keywords: createKeywordsService(deps),
    insights: createInsightsService(deps),
    usage: createUsageService(deps),
    spendCap,
    scans,
    deletions: createDeletionsService({
      db: deps.db,
      clock: deps.clock,
      config: deps.config,
      events,
      upstream,
    }),
    webhooks: createWebhooksService({ ...deps, events }),
    alerts: createAlertsService({ ...deps, events, setLeadStatus: leads.setLeadStatus }),
    health: createDbHealth(deps),
    scanHistory: createScanHistory(deps),
    painThemes: createPainThemesService({ ...deps, llm: deps.config.llm }),
    seo: createSeoService({ ...deps, upstream, spendCap }),
    aiVisibility: createAiVisibilityService({ ...deps, engines: deps.config.aiEngines }),
    onboarding: createOnboardingService({ ...deps, upstream, spendCap, embedder }),
  };
}
export type Services = ReturnType<typeof createServices>;
