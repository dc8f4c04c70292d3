import { createSecureContext, getCACertificates } from 'node:tls';
import nodemailer from 'nodemailer';
import { Agent, request } from 'undici';
import type { WebhooksConfig } from '../config/index.ts';
import {
  checkWebhookUrlSyntax,
  createAddressCheck,
  createGuardedLookup,
} from '../webhooks/webhooks.guard.ts';
import {
  type AlertMessage,
  discordPayloads,
  emailHtml,
  emailText,
  headline,
  slackPayload,
} from './alerts.render.ts';
import type { Channel } from './alerts.repo.ts';

/** How one message went: sent; worth another try (after `retryAfterMs` when the receiver said); or failed for good. */
export interface SendResult {
  outcome: 'sent' | 'retry' | 'failed';
  statusCode: number | null;
  error: string | null;
  retryAfterMs?: number;
}

export interface MailSettings {
  smtpUrl: string | null;
  mailFrom: string | null;
}

const TIMEOUT_MS = 10_000;
const ANSWER_LIMIT = 16 * 1024;
/** A receiver's retry hint is honoured up to this; beyond it, our own back-off decides. */
const MAX_RETRY_AFTER_MS = 15 * 60_000;

/** Retry-After in seconds (or an HTTP date), as milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
}

const describe = (err: unknown) => {
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const inner = e.cause ?? e;
  return `${inner.code ? `${inner.code}: ` : ''}${inner.message}`.slice(0, 300);
};

/**
 * Sends alert messages: Slack and Discord incoming webhooks over https through the webhooks' address guard (the
 * address checked is the address connected to; private ones refused unless WEBHOOK_ALLOW_PRIVATE allows them),
 * e-mail over SMTP_URL.
 */
export function createAlertChannels(webhooks: WebhooksConfig, mail: MailSettings) {
  const isAllowed = createAddressCheck(webhooks);
  const agent = new Agent({
    connect: {
      lookup: createGuardedLookup(isAllowed),
      timeout: TIMEOUT_MS,
      ...(webhooks.extraCaPem
        ? {
            secureContext: createSecureContext({
              ca: [...getCACertificates('default'), webhooks.extraCaPem],
            }),
          }
        : {}),
    },
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
  });
  const transport =
    mail.smtpUrl && mail.mailFrom
      ? nodemailer.createTransport({
          url: mail.smtpUrl,
          connectionTimeout: TIMEOUT_MS,
          greetingTimeout: TIMEOUT_MS,
          socketTimeout: 30_000,
        })
      : null;

  /** One JSON POST; the answer's first 16 KiB are read for Slack's error word or Discord's retry_after. */
  async function post(
    url: string,
    payload: unknown,
  ): Promise<{ status: number; text: string; retryAfter?: number }> {
    const target = checkWebhookUrlSyntax(url, isAllowed);
    const res = await request(target, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', 'user-agent': 'Service-Alerts/1.0' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    } as Parameters<typeof request>[1]);
    let text = '';
    for await (const chunk of res.body) {
      if (text.length < ANSWER_LIMIT) text += (chunk as Buffer).toString('utf8');
      else {
        res.body.destroy();
        break;
      }
    }
    return {
      status: res.statusCode,
      text: text.slice(0, ANSWER_LIMIT),
      retryAfter: retryAfterMs(res.headers['retry-after']),
    };
  }

  /** What an HTTP answer means for Slack (200 "ok") and Discord (204, or 200 with ?wait=true). */
  function judge(
    channel: 'slack' | 'discord',
    r: { status: number; text: string; retryAfter?: number },
  ): SendResult {
    if (r.status >= 200 && r.status < 300) return { outcome: 'sent', statusCode: r.status, error: null };
    let hint = r.retryAfter;
    if (channel === 'discord' && r.status === 429) {
      // Discord's body says retry_after in seconds (a float), more precisely than the header.
      try {
        const seconds = Number((JSON.parse(r.text) as { retry_after?: unknown }).retry_after);
        if (Number.isFinite(seconds)) hint = Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
      } catch {}
    }
    const said = r.text.replace(/\s+/g, ' ').trim().slice(0, 200);
    const error = `HTTP ${r.status}${said ? `: ${said}` : ''}`;
    if (r.status === 429 || r.status === 408 || r.status >= 500) {
      return {
        outcome: 'retry',
        statusCode: r.status,
        error,
        ...(hint !== undefined ? { retryAfterMs: hint } : {}),
      };
    }
    return { outcome: 'failed', statusCode: r.status, error };
  }

  async function sendChat(channel: 'slack' | 'discord', url: string, m: AlertMessage): Promise<SendResult> {
    const payloads = channel === 'slack' ? [slackPayload(m)] : discordPayloads(m);
    for (const p of payloads) {
      let answer: { status: number; text: string; retryAfter?: number };
      try {
        answer = await post(url, p);
      } catch (err) {
        const e = err as { code?: string; cause?: { code?: string } };
        if (e.code === 'ERR_WEBHOOK_URL' || e.cause?.code === 'ERR_WEBHOOK_URL') {
          return { outcome: 'failed', statusCode: null, error: describe(err) };
        }
        return { outcome: 'retry', statusCode: null, error: describe(err) };
      }
      const result = judge(channel, answer);
      if (result.outcome !== 'sent') return result;
    }
    return { outcome: 'sent', statusCode: 200, error: null };
  }

  async function sendMail(to: string, m: AlertMessage): Promise<SendResult> {
    if (!transport) {
      return {
        outcome: 'failed',
        statusCode: null,
        error: 'e-mail is not set up on this instance (SMTP_URL, MAIL_FROM)',
      };
    }
    const headers: Record<string, string> = {};
    if (m.unsubscribeUrl) {
      // RFC 8058 one-click: the mail client POSTs List-Unsubscribe=One-Click to the URL.
      headers['List-Unsubscribe'] = `<${m.unsubscribeUrl}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    try {
      await transport.sendMail({
        from: mail.mailFrom!,
        to,
        subject: headline(m),
        text: emailText(m),
        html: emailHtml(m),
        headers,
      });
      return { outcome: 'sent', statusCode: null, error: null };
    } catch (err) {
      const e = err as { responseCode?: number; code?: string; message: string };
      const error = describe(err);
      // 5xx from the server is a permanent refusal; 4xx and connection trouble are worth another try.
      if (e.responseCode && e.responseCode >= 500)
        return { outcome: 'failed', statusCode: e.responseCode, error };
      return { outcome: 'retry', statusCode: e.responseCode ?? null, error };
    }
  }

  return {
    mailConfigured: transport !== null,
    send(channel: Channel, target: string, m: AlertMessage): Promise<SendResult> {
      return channel === 'email' ? sendMail(target, m) : sendChat(channel, target, m);
    },
    /** A plain e-mail (the confirmation of an address). */
    async sendPlainMail(to: string, subject: string, text: string): Promise<SendResult> {
      if (!transport)
        return { outcome: 'failed', statusCode: null, error: 'e-mail is not set up on this instance' };
      try {
        await transport.sendMail({ from: mail.mailFrom!, to, subject, text });
        return { outcome: 'sent', statusCode: null, error: null };
      } catch (err) {
        return { outcome: 'retry', statusCode: null, error: describe(err) };
      }
    },
    async close() {
      transport?.close();
      await agent.close();
    },
  };
}
export type AlertChannels = ReturnType<typeof createAlertChannels>;
