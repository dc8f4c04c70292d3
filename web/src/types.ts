// The dashboard API's answers: the server's own schema types (type-only imports, erased from the bundle), so the
// front end cannot drift from what the routes serialize. See docs/decisions/0060-dashboard.md.

import type { Static } from 'typebox';
import type { ApiKey } from '../../src/accounts/accounts.schemas.ts';
import type { AlertDelivery as AlertDeliverySchema } from '../../src/alerts/alerts.schemas.ts';

export type { ApiKey, CreatedApiKey as CreatedKey } from '../../src/accounts/accounts.schemas.ts';
export type { DashboardLead as Lead, DashboardLeadList as LeadList } from '../../src/leads/leads.schemas.ts';
export type {
  DashboardProject as Project,
  ProjectDetail,
} from '../../src/projects/projects.schemas.ts';
export type { ScanResult as Scan } from '../../src/scans/scans.schemas.ts';
export type { SessionMe as Me } from '../../src/sessions/sessions.schemas.ts';
export type {
  CreatedWebhook,
  Outcome,
  Webhook,
  WebhookAttempt,
} from '../../src/webhooks/webhooks.schemas.ts';
export type KeyKind = ApiKey['kind'];
export type { AlertDestination } from '../../src/alerts/alerts.schemas.ts';
export type { Stage } from '../../src/domain/scoring/types.ts';
export type { VisibilityCheck } from '../../src/insights/ai-visibility.schemas.ts';
export type {
  DashboardAiVisibility,
  DashboardPainThemes,
  DashboardSeo,
} from '../../src/insights/insights.dashboard.schemas.ts';
export type { PainTheme, SeoOpportunity } from '../../src/insights/insights.schemas.ts';
export type { KeywordStat, KeywordStats } from '../../src/keywords/keywords.schemas.ts';
export type {
  BelowThreshold,
  LeadReply,
  LeadStatus,
  LeadStatusChanges,
  LeadSummary,
  QueueStatus,
} from '../../src/leads/leads.schemas.ts';
export type {
  Preview,
  PreviewInput,
  SuggestInput,
  Suggestion,
} from '../../src/onboarding/onboarding.schemas.ts';
export type {
  DeletionImpact,
  ImportResult,
  ProjectLimits,
  ProjectsFile,
} from '../../src/projects/projects.schemas.ts';
export type { SpendCap } from '../../src/usage/spend-cap.schemas.ts';
export type { UsageReport } from '../../src/usage/usage.schemas.ts';
export type AlertDelivery = Static<typeof AlertDeliverySchema>;
