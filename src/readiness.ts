import type { Role } from './config/index.ts';
import type { DbHealth, DbStatus } from './db/health.ts';

/** A part of a role's machinery: `http` (the routes, listening), `jobs` (the job queue, handlers, schedules). */
export type Part = 'http' | 'jobs';
export type PartState = 'starting' | 'ready' | 'stopping';

export type ReadyStatus = DbStatus & { role: Role } & Partial<Record<Part, PartState>>;

/**
 * What /readyz reports (docs/decisions/0008): the database reachable and migrated, and every part of this
 * process's role ready. A part counts once it has been set; a process marks its parts starting as it begins
 * them, ready when they are up and stopping at SIGTERM, so a probe sees 503 before and after.
 */
export function createReadiness(role: Role, health: DbHealth) {
  const parts = new Map<Part, PartState>();
  return {
    role,
    set(part: Part, state: PartState) {
      parts.set(part, state);
    },
    async check(): Promise<ReadyStatus> {
      const db = await health.check();
      const machinery = Object.fromEntries(parts) as Partial<Record<Part, PartState>>;
      const ready = db.ready && [...parts.values()].every((state) => state === 'ready');
      return { ...db, ready, role, ...machinery };
    },
  };
}
export type Readiness = ReturnType<typeof createReadiness>;
