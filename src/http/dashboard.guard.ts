import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../contract/errors.ts';
import type { SessionAccount, SessionsService } from '../sessions/sessions.service.ts';

export const SESSION_COOKIE = 'rl_session';
/** Dashboard requests carry small JSON bodies; nothing needs more. */
const DASHBOARD_BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    account?: SessionAccount;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request rules of docs/decisions/0060-dashboard.md: a state-changing request must not come from
 * another site's page. A cross-site form cannot send JSON, and a browser's Origin cannot be forged by a page.
 */
function checkCrossSite(request: FastifyRequest, publicOrigin: string): void {
  const origin = request.headers.origin;
  // Only the configured public origin, as the exact string a browser sends (scheme://host[:port]): parsed, an
  // Origin like http://evil.example@host:port reads as host:port. The Host header is the client's to choose.
  if (origin !== undefined) {
    if (origin !== publicOrigin) {
      throw new AppError(
        'forbidden',
        `Requests from ${origin} are not accepted: the dashboard calls its own API.`,
      );
    }
  }
  // A body-less DELETE cannot come from a form, and a cross-site fetch of it needs a preflight.
  if (request.method === 'DELETE' && request.headers['content-type'] === undefined) return;
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new AppError(
      'invalid_request',
      'Send the request body as JSON, with Content-Type: application/json.',
    );
  }
}

/**
 * Cookies, the cross-site rules and the session for every route of the plugin it is called in; routes with
 * `config: { public: true }` (sign-in, sign-out) skip the session. The session's account lands on request.account.
 */
export async function guardDashboard(
  app: FastifyInstance,
  opts: { sessions: SessionsService; publicBaseUrl: string },
) {
  await app.register(cookie);
  const publicOrigin = new URL(opts.publicBaseUrl).origin;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: publicOrigin.startsWith('https:'),
  };

  // An empty JSON body reads as {}, so a DELETE sent by a generic JSON helper is not refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: DASHBOARD_BODY_LIMIT },
    (request, body, done) => (body === '' ? done(null, {}) : parseJson(request, body as string, done)),
  );

  app.addHook('onRequest', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method)) checkCrossSite(request, publicOrigin);
    if (request.routeOptions.config.public) return;
    const token = request.cookies[SESSION_COOKIE];
    request.account = await opts.sessions.authenticate(token);
    if (request.account.extendedUntil) {
      reply.setCookie(SESSION_COOKIE, token!, { ...cookieOptions, expires: request.account.extendedUntil });
    }
  });

  return {
    setSession(reply: FastifyReply, token: string, expires: Date) {
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires });
    },
    clearSession(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
  };
}
