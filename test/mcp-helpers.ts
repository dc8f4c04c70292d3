/** A bare HTTP client for the tool endpoint: one POST, the raw status, headers and parsed body. */
export async function postMcp(
  baseUrl: string,
  body: unknown,
  opts: { key?: string; headers?: Record<string, string>; raw?: boolean } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  const res = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers,
    body: opts.raw ? (body as string) : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, text, body: parsed };
}

let nextId = 1;

/** Calls one tool; returns the HTTP status and the JSON-RPC response body. */
export function callTool(baseUrl: string, key: string, name: string, args?: unknown) {
  return postMcp(
    baseUrl,
    { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } },
    { key },
  );
}
