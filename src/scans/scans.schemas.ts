import { type Static, Type } from 'typebox';
import { DateTime, Nullable, StringEnum } from '../contract/schemas.ts';
import { SpendCapReached } from '../usage/spend-cap.schemas.ts';
import type { ScanRecord } from './scans.types.ts';

/** A scan as every surface reports it (the run_scan tool, the dashboard). */
export const ScanResult = Type.Object({
  scanId: Type.String(),
  projectId: Type.String(),
  status: StringEnum(['queued', 'running', 'done', 'failed']),
  trigger: StringEnum(['schedule', 'tool', 'dashboard', 'demo', 'first'], {
    description:
      '`schedule`: continuous scanning. `dashboard`, `tool`: Run scan, run_scan. `demo`: the demo project. `first`: started at once by the creation or import of the project, or by new keywords or subreddits, over the last 7 days.',
  }),
  startedAt: Nullable(DateTime),
  finishedAt: Nullable(DateTime),
  calls: Type.Integer({ minimum: 0, description: 'Upstream calls the scan made so far.' }),
  costUsd: Type.Number({ minimum: 0, description: 'What those calls cost, in USD.' }),
  itemsSeen: Type.Integer({ minimum: 0 }),
  subreddits: Type.Array(Type.Object({ name: Type.String(), itemsSeen: Type.Integer({ minimum: 0 }) }), {
    description:
      'itemsSeen per subreddit (lower-case name); a listed subreddit that returned nothing is here with 0.',
  }),
  newLeads: Type.Integer({ minimum: 0, description: 'Leads the scan drafted so far.' }),
  errors: Type.Array(Type.String(), { description: 'Upstream or scoring errors the scan went past.' }),
  spendCapReached: Nullable(SpendCapReached),
});
export type ScanResult = Static<typeof ScanResult>;

/** Field by field, so a change to ScanRecord fails type-checking here rather than leaking into the output. */
export function toScanResult(r: ScanRecord): ScanResult {
  return {
    scanId: r.scanId,
    projectId: r.projectId,
    status: r.status,
    trigger: r.trigger,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    calls: r.calls,
    costUsd: r.costUsd,
    itemsSeen: r.itemsSeen,
    subreddits: r.subreddits,
    newLeads: r.newLeads,
    errors: r.errors,
    spendCapReached: r.spendCapReached,
  };
}
