/**
 * The path a request target names once normalised as a client or proxy might: an absolute-form target
 * (`http://host/api/v1/me`) reduced to its path, percent-escapes decoded byte by byte (never throws on a bad one),
 * repeated slashes merged and dot segments resolved. Used to decide what an answer says about itself (the
 * REST API's cost header, the JSON-RPC shape on /mcp), never to route.
 */
export function normalisedPath(target: string): string {
  let path = rawPath(target);
  path = path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  path = path.replace(/[\\/]+/g, '/');
  const out: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '..') out.pop();
    else if (segment !== '.') out.push(segment);
  }
  return `/${out.join('/')}`;
}

/** The path of a request target as sent: an absolute-form target's path, without query or fragment. */
function rawPath(target: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  const path = absolute ? target.slice(absolute[0].length) || '/' : target;
  return path.split(/[?#]/, 1)[0]!;
}

/** Whether a request target addresses the REST API (/api/...), by its normalised path. */
export function targetsApi(target: string): boolean {
  const path = normalisedPath(target);
  return path === '/api' || path.startsWith('/api/');
}

/** Whether a request target addresses the tool endpoint (/mcp), by its normalised path. */
export function targetsMcp(target: string): boolean {
  const path = normalisedPath(target);
  return path === '/mcp' || path.startsWith('/mcp/');
}

/** A path with an empty segment (`//`) or a dot segment (`.`, `..`, escaped or not): never a file or a route. */
export function hasOddSegments(target: string): boolean {
  const path = rawPath(target);
  return /\/\/|(^|\/)(\.|%2e){1,2}(\/|$)/i.test(path);
}
