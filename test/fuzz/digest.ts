import type { Db } from '../../src/db/client.ts';

/** A digest of everything a request could change (request counters and session times excepted). */
export async function fuzzDigest(db: Db): Promise<string> {
  const [row] = await db.query<{ h: string; n: number }>(
    `SELECT md5(coalesce(string_agg(x, '|' ORDER BY x), '')) AS h, count(*)::int AS n FROM (
       SELECT 'u' || u::text AS x FROM users u
       UNION ALL SELECT 'k' || id || coalesce(revoked_at::text, '') FROM api_keys
       UNION ALL SELECT 'p' || p::text FROM projects p
       UNION ALL SELECT 'l' || l::text FROM leads l
       UNION ALL SELECT 'w' || w::text FROM webhooks w
       UNION ALL SELECT 's' || s.id || s.status FROM scans s
       UNION ALL SELECT 'a' || a.id FROM webhook_attempts a
       UNION ALL SELECT 'e' || e.hash FROM sessions e
       UNION ALL SELECT 't' || t.hash || coalesce(t.used_at::text, '') FROM sign_in_tokens t
     ) all_rows`,
  );
  return `${row!.n} rows, md5 ${row!.h}`;
}
