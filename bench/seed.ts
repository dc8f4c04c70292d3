import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config/index.ts';
import type { Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createServices } from '../src/services.ts';

/**
 * A migrated database with one account (a REST and a tool key) and one project of `leads` leads: scores spread
 * over 0-100, one in ten hidden, posted over 40 days (so the 30-day window cuts some); then ANALYZE.
 */
export async function seedLeadsProject(db: Db, leads: number) {
  await migrate(db);
  const services = createServices({ db, clock: systemClock, config: loadConfig({ LOG_LEVEL: 'silent' }) });
  const user = await services.accounts.createUser('bench@example.com', 'connected');
  const rest = await services.accounts.issueKey(user.id, 'rest');
  const mcp = await services.accounts.issueKey(user.id, 'mcp');
  const project = await services.projects.upsertProject(user.id, { name: 'Bench', keywords: ['crm'] });
  await db.query(
    `INSERT INTO leads (project_id, post_id, title, subreddit, author, url, body, score, stage, reason, matched_phrase,
                        seller_side, status, posted_at, scored_at, cost_usd)
     SELECT $1, 'p' || g, 'Looking for a CRM for a 5-person agency, budget $50/month ' || g, 'smallbusiness', 'u' || g,
            'https://www.reddit.com/r/smallbusiness/comments/p' || g || '/', repeat('text ', 100), (g * 37) % 101,
            'solution-seeking', 'asks for a CRM recommendation with a budget', 'crm', false,
            CASE WHEN g % 10 = 0 THEN 'hidden' ELSE 'new' END,
            now() - ((g % 40) || ' days')::interval, now() - ((g % 1000) || ' minutes')::interval, 0.00024
       FROM generate_series(1, $2) g`,
    [project.id, leads],
  );
  await db.query('ANALYZE leads');
  return { services, restKey: rest.key, mcpKey: mcp.key, projectId: project.id };
}
