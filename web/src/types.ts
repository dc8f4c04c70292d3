// The dashboard API's answers, as docs/decisions/0060-dashboard.md lists them (REST shapes where it says so).

export interface Me {
  userId: string;
  email: string | null;
  tier: 'free' | 'connected';
  selfHosted: boolean;
}

export interface Project {
  id: string;
  name: string;
  url: string | null;
  createdAt: string;
  newLeads: number;
  /** Not in the REST shape; shown when the dashboard API adds it. */
  lastScanAt?: string | null;
}

export interface ProjectDetail extends Project {
  keywords: string[];
  subreddits: string[];
  competitors: string[];
  scoreThreshold: number | null;
}

export const LEAD_STATUSES = ['new', 'hidden', 'not_fit'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export interface Lead {
  id: string;
  postId: string | null;
  commentId: string | null;
  title: string;
  subreddit: string;
  author: string | null;
  url: string;
  score: number;
  stage: string | null;
  reason: string | null;
  matchedPhrase: string | null;
  sellerSide: boolean;
  status: LeadStatus;
  postedAt: string;
  scoredAt: string;
  costUsd: number | null;
  body?: string | null;
  /** The drafted reply, for a human to review and post. */
  reply?: string | null;
}

export interface LeadList {
  leads: Lead[];
  pagination: { limit: number; offset: number; hasMore: boolean };
}

export type ScanStatus = 'queued' | 'running' | 'done' | 'failed';

/** The run_scan tool's ScanResult. */
export interface Scan {
  scanId: string;
  projectId: string;
  status: ScanStatus;
  startedAt: string | null;
  finishedAt: string | null;
  calls: number;
  costUsd: number;
  itemsSeen: number;
  newLeads: number;
  /** Upstream or scoring errors the scan met and went past. */
  errors: string[];
}

export type Outcome =
  | 'delivered'
  | 'http_error'
  | 'redirect'
  | 'timeout'
  | 'network_error'
  | 'blocked'
  | 'dropped';

export interface Webhook {
  id: string;
  projectId: string;
  url: string;
  createdAt: string;
  lastAttemptAt: string | null;
  lastOutcome: Outcome | null;
}

export interface CreatedWebhook {
  id: string;
  projectId: string;
  url: string;
  createdAt: string;
  secret: string;
}

export interface WebhookAttempt {
  id: string;
  webhookId: string;
  leadId: string;
  eventId: string;
  attempt: number;
  redelivery: boolean;
  attemptedAt: string;
  outcome: Outcome;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
}

export type KeyKind = 'rest' | 'mcp';

export interface ApiKey {
  id: string;
  kind: KeyKind;
  prefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface CreatedKey {
  id: string;
  kind: KeyKind;
  prefix: string;
  scopes: string[];
  createdAt: string;
  key: string;
}
