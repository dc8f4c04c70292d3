import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

export interface WebhookRow {
  id: string;
  url: string;
  secret: string;
}

/** A signing secret: 32 random bytes, in the Standard Webhooks `whsec_<base64>` form. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function createWebhooksRepo(db: Queryable) {
  return {
    /** Adds the URL to the project, or returns the existing registration of the same URL. */
    async addOrGet(projectId: string, url: string): Promise<WebhookRow> {
      const inserted = await db.query<WebhookRow>(
        `INSERT INTO webhooks (project_id, url, secret) VALUES ($1, $2, $3)
         ON CONFLICT (project_id, url) DO NOTHING RETURNING id, url, secret`,
        [projectId, url, generateWebhookSecret()],
      );
      if (inserted[0]) return inserted[0];
      const rows = await db.query<WebhookRow>(
        'SELECT id, url, secret FROM webhooks WHERE project_id = $1 AND url = $2',
        [projectId, url],
      );
      return rows[0]!;
    },
  };
}
