import type { Db } from '../db/client.ts';
import { createScansRepo } from './scans.repo.ts';
import { type ScanResult, toScanResult } from './scans.schemas.ts';

/** A project's past and running scans, for the dashboard's history page. */
export function createScanHistory(deps: { db: Db }) {
  const repo = createScansRepo(deps.db);
  return {
    /** Newest first; the caller has checked that the project is on the account. One more is read for hasMore. */
    async listScans(projectId: string, page: { limit: number; offset: number }) {
      const rows = await repo.listOfProject(projectId, page.limit + 1, page.offset);
      const scans: ScanResult[] = rows.slice(0, page.limit).map(toScanResult);
      return { scans, pagination: { ...page, hasMore: rows.length > page.limit } };
    },
  };
}
export type ScanHistory = ReturnType<typeof createScanHistory>;
