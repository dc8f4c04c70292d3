import { Type } from 'typebox';
import { ScanResult, toScanResult } from '../../scans/scans.schemas.ts';
import { defineTool } from '../tool.ts';
import { ProjectArgs } from './project-arg.ts';

/** How long run_scan with wait: true holds the call before answering with the scan's current status. */
export const RUN_SCAN_WAIT_MS = 120_000;

export const runScanTool = defineTool({
  name: 'run_scan',
  title: 'Run a scan',
  description:
    'Starts a scan of the project now (the same job as continuous scanning; a scan already queued or running ' +
    'is returned instead of starting another). It buys upstream data, so it costs money: see costUsd. ' +
    "Once the account's daily spend cap is reached the scan buys nothing more and still uses data already " +
    'bought; spendCapReached then says so and when scans buy again (get_usage shows the cap). ' +
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
