import { type FakeServer, type Reply, type SeenRequest, startFakeServer } from './fake-server.ts';

/**
 * A local Arctic Shift: GET /api/posts/search, /api/comments/search (subreddit, after, before, sort by created_utc,
 * limit 1-100, query), /api/posts/ids, /api/comments/ids, /api/comments/tree, all answering {data: [...]} and
 * {error: "..."} with 400 on bad parameters, as the public API does. Rows are bare Reddit objects; the tree is
 * Reddit-shaped ({kind, data} with replies Listings and kind "more" stubs).
 */
export interface ArcticShiftFake extends FakeServer {
  posts: any[];
  comments: any[];
  /** link_id (t3_…) -> top-level tree nodes. */
  trees: Map<string, any[]>;
  /** Headers added to every answer (e.g. X-RateLimit-Remaining). */
  extraHeaders: Record<string, string>;
}

function parseDate(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  if (/^\d+$/.test(raw)) return Number(raw) > 1e11 ? Number(raw) / 1000 : Number(raw);
  const t = Date.parse(raw);
  return Number.isNaN(t) ? Number.NaN : t / 1000;
}

function search(rows: any[], q: URLSearchParams, textFields: string[]): Reply {
  const limit = Number(q.get('limit') ?? 25);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return { status: 400, json: { error: 'Invalid limit' } };
  const after = parseDate(q.get('after'));
  const before = parseDate(q.get('before'));
  if (Number.isNaN(after) || Number.isNaN(before)) return { status: 400, json: { error: 'Invalid date' } };
  const sub = q.get('subreddit')?.toLowerCase();
  const query = q.get('query') ?? q.get('body');
  if (query && !sub && !q.get('author')) {
    return { status: 400, json: { error: 'Full text search requires author or subreddit' } };
  }
  let out = rows.filter(
    (r) =>
      (!sub || r.subreddit.toLowerCase() === sub) &&
      (after === null || r.created_utc > after) &&
      (before === null || r.created_utc < before),
  );
  if (query) {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    out = out.filter((r) => {
      const text = textFields
        .map((f) => String(r[f] ?? ''))
        .join(' ')
        .toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }
  const dir = q.get('sort') === 'desc' ? -1 : 1;
  out = [...out].sort((a, b) => dir * (a.created_utc - b.created_utc));
  return { json: { data: out.slice(0, limit) } };
}

export async function startArcticShiftFake(): Promise<ArcticShiftFake> {
  let fake: ArcticShiftFake | null = null;
  const handler = (req: SeenRequest): Reply => {
    const f = fake!;
    const q = req.query;
    const withHeaders = (r: Reply): Reply => ({ ...r, headers: { ...f.extraHeaders, ...r.headers } });
    const ids = () => (q.get('ids') ?? '').split(',').map((id) => id.replace(/^t[13]_/, ''));
    switch (req.path) {
      case '/api/posts/search':
        return withHeaders(search(f.posts, q, ['title', 'selftext']));
      case '/api/comments/search':
        return withHeaders(search(f.comments, q, ['body']));
      case '/api/posts/ids': {
        const wanted = ids();
        if (wanted.length > 500) return { status: 400, json: { error: 'Too many ids' } };
        const fields = q.get('fields')?.split(',');
        const rows = f.posts.filter((p) => wanted.includes(p.id));
        const pick = (p: any) => (fields ? Object.fromEntries(fields.map((k) => [k, p[k]])) : p);
        return withHeaders({ json: { data: rows.map(pick) } });
      }
      case '/api/comments/ids': {
        const wanted = ids();
        if (wanted.length > 500) return { status: 400, json: { error: 'Too many ids' } };
        return withHeaders({ json: { data: f.comments.filter((c) => wanted.includes(c.id)) } });
      }
      case '/api/comments/tree': {
        const link = q.get('link_id');
        if (!link) return { status: 400, json: { error: 'link_id is required' } };
        const key = link.startsWith('t3_') ? link : `t3_${link}`;
        return withHeaders({ json: { data: f.trees.get(key) ?? [] } });
      }
      default:
        return { status: 404, json: { error: 'Not found' } };
    }
  };
  const server = await startFakeServer(handler);
  fake = Object.assign(server, {
    posts: [] as any[],
    comments: [] as any[],
    trees: new Map<string, any[]>(),
    extraHeaders: {} as Record<string, string>,
  });
  return fake;
}
