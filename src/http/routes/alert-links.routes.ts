import type { FastifyPluginAsync } from 'fastify';
import type { LinkOutcome } from '../../alerts/alerts.service.ts';
import type { Services } from '../../services.ts';

const html = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const VERB: Record<
  'hide' | 'not_fit' | 'unsubscribe' | 'confirm',
  { ask: string; button: string; done: string }
> = {
  hide: { ask: 'Hide this lead?', button: 'Hide it', done: 'Hidden: the lead left your queue.' },
  not_fit: {
    ask: 'Mark this lead as not a fit?',
    button: 'Not a fit',
    done: 'Marked as not a fit; later scores learn from it.',
  },
  unsubscribe: {
    ask: 'Stop these alerts?',
    button: 'Stop these alerts',
    done: 'Stopped: this address gets no more of these alerts. Turn them on again in the project settings.',
  },
  confirm: {
    ask: 'Receive lead alerts at this address?',
    button: 'Yes, send me alerts',
    done: 'Confirmed: lead alerts will come to this address.',
  },
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${html(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid currentColor;cursor:pointer}
.lead{font-weight:600}</style></head><body><main><h1>${html(title)}</h1>${body}
<p><a href="/">Open the dashboard</a></p></main></body></html>`;
}

function answer(o: LinkOutcome, form: boolean): { status: number; body: string } {
  if (o.state === 'unknown') {
    return {
      status: 404,
      body: page('Link not found', '<p>This link is not one of ours, or its alert was deleted.</p>'),
    };
  }
  const verb = VERB[o.action];
  const lead = o.title ? `<p class="lead">${html(o.title)}</p>` : '';
  if (o.state === 'expired')
    return {
      status: 410,
      body: page('This link has expired', `${lead}<p>Open the dashboard to do it there.</p>`),
    };
  if (o.state === 'used')
    return {
      status: 410,
      body: page('This link was already used', `${lead}<p>It works once; nothing changed now.</p>`),
    };
  if (form) {
    // A GET only asks: mail scanners that open links must not hide leads or stop alerts.
    return {
      status: 200,
      body: page(
        verb.ask,
        `${lead}<form method="post"><button type="submit">${html(verb.button)}</button></form>`,
      ),
    };
  }
  return { status: 200, body: page('Done', `${lead}<p>${html(verb.done)}</p>`) };
}

/**
 * The links in alert e-mails (docs/decisions/0114-alerts.md): GET shows what the link does with a button, POST does it
 * (and is what RFC 8058's one-click unsubscribe sends). No sign-in: the unguessable, expiring token is the proof.
 */
export const alertLinkRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );
  const Params = {
    type: 'object',
    properties: { token: { type: 'string', minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } },
    required: ['token'],
  } as const;

  app.get<{ Params: { token: string } }>(
    '/alerts/a/:token',
    { schema: { params: Params, hide: true } },
    async (request, reply) => {
      const a = answer(await services.alerts.peekLink(request.params.token), true);
      return reply
        .status(a.status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(a.body);
    },
  );

  app.post<{ Params: { token: string } }>(
    '/alerts/a/:token',
    { schema: { params: Params, hide: true } },
    async (request, reply) => {
      const a = answer(await services.alerts.useLink(request.params.token), false);
      return reply
        .status(a.status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(a.body);
    },
  );
};
