import type { TestApp } from './harness.ts';

export interface DashboardResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** A browser-like client of the dashboard API: it keeps the session cookie and sends JSON. */
export function dashboardClient(t: TestApp) {
  let cookie = '';
  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<DashboardResponse> {
    const res = await fetch(`${t.baseUrl}/dashboard/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie?.startsWith('rl_session=')) {
      const value = setCookie.split(';')[0]!;
      cookie = value === 'rl_session=' ? '' : value;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, headers: res.headers, body: parsed as any };
  }
  return {
    call,
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown = {}) => call('POST', path, body),
    del: (path: string) => call('DELETE', path),
    /** Mints a link for the account and signs in with it, as the sign-in page does. */
    async signIn(userId: string) {
      const link = await t.services.sessions.mintSignInLink({ userId });
      const res = await call('POST', '/sign-in', { token: tokenOf(link.signInUrl) });
      if (res.status !== 204) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res;
    },
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookie = value;
    },
  };
}

export const tokenOf = (signInUrl: string) => new URL(signInUrl).hash.replace(/^#token=/, '');
