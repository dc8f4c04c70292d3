import { type FakeServer, startFakeServer } from './fake-server.ts';

/** One organic result as both providers return it. */
export interface FakeResult {
  position: number;
  title: string;
  link: string;
  snippet?: string;
}

/**
 * Serper (POST /search, X-API-KEY, JSON body {q, num}) answering `organic` and `credits` as google.serper.dev does;
 * a query whose keyword is not in `results` gets an empty `organic`.
 */
export function startFakeSerper(
  results: Record<string, FakeResult[]>,
  apiKey = 'serper-test-key',
): Promise<FakeServer> {
  return startFakeServer((req) => {
    if (req.method !== 'POST' || req.path !== '/search')
      return { status: 404, json: { message: 'Not found' } };
    if (req.headers['x-api-key'] !== apiKey)
      return { status: 403, json: { message: 'Unauthorized.', statusCode: 403 } };
    const body = JSON.parse(req.body) as { q: string; num?: number };
    const keyword = body.q.replace(/\s*site:reddit\.com$/, '');
    return {
      json: {
        searchParameters: { q: body.q, type: 'search', num: body.num ?? 10, engine: 'google' },
        organic: (results[keyword] ?? []).map((r) => ({ ...r, snippet: r.snippet ?? '' })),
        credits: 1,
      },
    };
  });
}

/** SerpApi (GET /search.json?engine=google&q=…&api_key=…) answering `organic_results` and its metadata. */
export function startFakeSerpApi(
  results: Record<string, FakeResult[]>,
  apiKey = 'serpapi-test-key',
): Promise<FakeServer> {
  return startFakeServer((req) => {
    if (req.path !== '/search.json') return { status: 404, json: { error: 'Not found' } };
    if (req.query.get('api_key') !== apiKey) return { status: 401, json: { error: 'Invalid API key.' } };
    const q = req.query.get('q') ?? '';
    const keyword = q.replace(/\s*site:reddit\.com$/, '');
    const list = results[keyword] ?? [];
    if (!list.length) {
      return {
        json: {
          search_metadata: { id: 'x', status: 'Success' },
          error: "Google hasn't returned any results for this query.",
        },
      };
    }
    return {
      json: {
        search_metadata: { id: 'x', status: 'Success', total_time_taken: 1.1 },
        search_parameters: { engine: 'google', q },
        organic_results: list.map((r) => ({
          ...r,
          displayed_link: 'https://www.reddit.com › r',
          snippet: r.snippet ?? '',
        })),
      },
    };
  });
}
