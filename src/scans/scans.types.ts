import type { SpendCapReached } from '../usage/spend-cap.schemas.ts';

/** The scan record every surface shows (run_scan tool, dashboard). */
export interface ScanRecord {
  scanId: string;
  projectId: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  trigger: 'schedule' | 'tool' | 'dashboard' | 'demo' | 'first';
  startedAt: string | null;
  finishedAt: string | null;
  calls: number;
  costUsd: number;
  itemsSeen: number;
  /** itemsSeen per subreddit (lower-case name), by name; a listed subreddit that returned nothing has 0. */
  subreddits: { name: string; itemsSeen: number }[];
  newLeads: number;
  /** Upstream or scoring errors the scan met and went past; empty when none. */
  errors: string[];
  /** Set when the account's daily spend cap stopped the scan buying (ADR 0102). */
  spendCapReached: SpendCapReached | null;
}

/** The verbs the scanner offers to transports (tool endpoint, dashboard). Implemented by src/scans/scans.service.ts. */
export interface ScanVerbs {
  /**
   * Queues a scan of the project, or returns the one already queued or running for it (two triggers while one
   * runs do not double the work). The caller has already checked that the project is on the caller's account.
   */
  requestScan(projectId: string, trigger: ScanRecord['trigger']): Promise<ScanRecord>;
  /** Resolves when the scan is done or failed, or after timeoutMs with its current status. */
  waitForScan(scanId: string, timeoutMs: number): Promise<ScanRecord>;
  getScan(scanId: string): Promise<ScanRecord | undefined>;
  /** The scan of this project on this account; not_found otherwise (another account's scan included). */
  getScanOfProject(userId: string, projectId: string, scanId: string): Promise<ScanRecord>;
  /** The newest scan of each of the account's projects, by project id. */
  latestScans(userId: string): Promise<Map<string, ScanRecord>>;
}

/** Where a scan writes what it met (pino in production). */
export interface ScanLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}
