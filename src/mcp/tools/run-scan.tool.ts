import { Type } from 'typebox';
import { DateTime, Nullable, StringEnum } from '../../http/common.schemas.ts';
import type { ScanRecord } from '../../scans/scans.types.ts';
import { defineTool } from '../tool.ts';
import { ProjectArgs } from './project-arg.ts';

/** How long run_scan with wait: true holds the call before answering with the scan's current status. */
export const RUN_SCAN_WAIT_MS = 120_000;

export const ScanResult = Type.Object({
  scanId: Type.String(),
  projectId: Type.String(),
  status: StringEnum(['queued', 'running', 'done', 'failed']),
  trigger: StringEnum(['schedule', 'tool', 'dashboard', 'demo']),
  startedAt: Nullable(DateTime),
  finishedAt: Nullable(DateTime),
  calls: Type.Integer({ minimum: 0, description: 'Upstream calls the scan made so far.' }),
  costUsd: Type.Number({ minimum: 0, description: 'What those calls cost, in USD.' }),
  itemsSeen: Type.Integer({ minimum: 0 }),
  newLeads: Type.Integer({ minimum: 0, description: 'Leads the scan drafted so far.' }),
  errors: Type.Array(Type.String(), { description: 'Upstream or scoring errors the scan went past.' }),
});

/** Field by field, so a change to ScanRecord fails type-checking here rather than leaking into the output. */
function toScanResult(r: ScanRecord) {
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
    newLeads: r.newLeads,
    errors: r.errors,
  };
}

export const runScanTool = defineTool({
  name: 'run_scan',
  title: 'Run a scan',
  description:
    'Starts a scan of the project now (the same job as continuous scanning; a scan already queued or running ' +
    'is returned instead of starting another). It buys upstream data, so it costs money: see costUsd. ' +
    'With wait: true the call returns when the scan ends, or after 120 seconds with its current status.',
  inputSchema: Type.Object(
    {
      ...ProjectArgs.properties,
      wait: Type.Optional(
        Type.Boolean({ default: false, description: 'Wait for the scan to end (at most 120 seconds).' }),
      ),
    },
    { additionalProperties: false },
  ),
  outputSchema: ScanResult,
  annotations: {
    title: 'Run a scan',
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  scope: 'tools:scan',
  async run({ services, caller }, { projectId, wait }) {
    const { scans } = services;
    await services.projects.assertOwned(caller.userId, projectId);
    const queued = await scans.requestScan(projectId, 'tool');
    return toScanResult(wait ? await scans.waitForScan(queued.scanId, RUN_SCAN_WAIT_MS) : queued);
  },
});
