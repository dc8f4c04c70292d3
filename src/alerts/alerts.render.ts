/**
 * What an alert says, per channel: Slack Block Kit, Discord embeds, and an e-mail's subject, text and HTML.
 * Pure functions of the message; links are made by the caller.
 */

export interface AlertLead {
  id: string;
  title: string;
  subreddit: string;
  score: number;
  stage: string | null;
  reason: string | null;
  /** The post or comment text; its first lines are shown. */
  body: string | null;
  url: string;
  reply: string | null;
  dashboardUrl: string;
  /** E-mail only: signed single-use links that set the lead's status without sign-in. */
  hideUrl?: string;
  notFitUrl?: string;
}

export interface AlertMessage {
  kind: 'instant' | 'digest' | 'test';
  projectName: string;
  /** The project's queue in the dashboard. */
  queueUrl: string;
  /** Best first; at most DIGEST_SHOWN of them are shown. */
  leads: AlertLead[];
  /** E-mail only: pauses this destination (the footer link; the header takes the same URL by POST). */
  unsubscribeUrl?: string;
}

export const DIGEST_SHOWN = 20;
const EXCERPT_CHARS = 280;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The first lines of a text, whole words, at most `max` characters. */
export function excerpt(text: string | null, max = EXCERPT_CHARS): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

function shownAndMore(m: AlertMessage) {
  const shown = m.leads.slice(0, DIGEST_SHOWN);
  return { shown, more: m.leads.length - shown.length };
}

/** "5 new leads for InvoiceOwl, best 92" (or the test's own line). */
export function headline(m: AlertMessage): string {
  if (m.kind === 'test') return `Test alert for ${m.projectName}: this is how new leads will look`;
  const best = Math.max(...m.leads.map((l) => l.score));
  return `${plural(m.leads.length, 'new lead')} for ${m.projectName}, best ${best}`;
}

const stageOf = (l: AlertLead) => (l.stage ? ` · ${l.stage}` : '');

// --- Slack -------------------------------------------------------------------------------------------------

/** Slack's mrkdwn control characters (https://api.slack.com/reference/surfaces/formatting#escaping). */
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const slackLink = (url: string, label: string) =>
  `<${url.replace(/[<>|]/g, encodeURIComponent)}|${slackEscape(label)}>`;
const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/** One incoming-webhook message: a header, two blocks per lead (at most 20: 42 blocks, under Slack's 50). */
export function slackPayload(m: AlertMessage): { text: string; blocks: unknown[] } {
  const { shown, more } = shownAndMore(m);
  const blocks: unknown[] = [
    { type: 'section', text: { type: 'mrkdwn', text: `*${slackEscape(headline(m))}*` } },
  ];
  for (const l of shown) {
    const lines = [
      `*${slackLink(l.url, clip(l.title, 200))}*`,
      `r/${slackEscape(l.subreddit)} · *${l.score}*${slackEscape(stageOf(l))}`,
      l.reason ? `_${slackEscape(clip(l.reason, 300))}_` : '',
      excerpt(l.body) ? `> ${slackEscape(excerpt(l.body))}` : '',
    ].filter(Boolean);
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: clip(lines.join('\n'), 3000) } });
    const context = [slackLink(l.dashboardUrl, 'Open in dashboard')];
    if (l.reply) context.push(`Reply draft: ${slackEscape(clip(l.reply.replace(/\s+/g, ' '), 400))}`);
    blocks.push({ type: 'context', elements: context.map((text) => ({ type: 'mrkdwn', text })) });
  }
  if (more > 0) {
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: `and ${more} more: ${slackLink(m.queueUrl, 'open the queue')}` },
    });
  }
  return { text: headline(m), blocks };
}

// --- Discord -----------------------------------------------------------------------------------------------

const discordColor = (score: number) => (score >= 80 ? 0x1a7f37 : score >= 60 ? 0x0969da : 0x6e7781);

/**
 * Discord webhook messages: one embed per lead, ten per message (Discord's limit), the headline on the first and
 * "and N more" on the last.
 */
export function discordPayloads(
  m: AlertMessage,
): { content: string; embeds: unknown[]; allowed_mentions: unknown }[] {
  const { shown, more } = shownAndMore(m);
  const embeds = shown.map((l) => ({
    title: clip(l.title, 256),
    url: l.url,
    color: discordColor(l.score),
    description: clip(
      [l.reason ? `*${l.reason}*` : '', excerpt(l.body), `[Open in dashboard](${l.dashboardUrl})`]
        .filter(Boolean)
        .join('\n\n'),
      2000,
    ),
    fields: [
      { name: 'Score', value: String(l.score), inline: true },
      { name: 'Stage', value: l.stage ?? '–', inline: true },
      { name: 'Subreddit', value: `r/${l.subreddit}`, inline: true },
      ...(l.reply ? [{ name: 'Reply draft', value: clip(l.reply, 1024), inline: false }] : []),
    ],
  }));
  const messages: { content: string; embeds: unknown[]; allowed_mentions: unknown }[] = [];
  for (let i = 0; i < Math.max(embeds.length, 1); i += 10) {
    messages.push({ content: '', embeds: embeds.slice(i, i + 10), allowed_mentions: { parse: [] } });
  }
  messages[0]!.content = `**${headline(m)}**`;
  if (more > 0) {
    const last = messages[messages.length - 1]!;
    last.content = `${last.content ? `${last.content}\n` : ''}and ${more} more: ${m.queueUrl}`;
  }
  return messages;
}

// --- E-mail ------------------------------------------------------------------------------------------------

const html = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function emailText(m: AlertMessage): string {
  const { shown, more } = shownAndMore(m);
  const parts = [headline(m), ''];
  for (const [i, l] of shown.entries()) {
    parts.push(`${i + 1}. ${l.title}`);
    parts.push(`   r/${l.subreddit} · score ${l.score}${stageOf(l)}`);
    if (l.reason) parts.push(`   ${l.reason}`);
    if (excerpt(l.body)) parts.push(`   "${excerpt(l.body)}"`);
    parts.push(`   Post: ${l.url}`);
    parts.push(`   Dashboard: ${l.dashboardUrl}`);
    if (l.hideUrl) parts.push(`   Hide: ${l.hideUrl}`);
    if (l.notFitUrl) parts.push(`   Not a fit: ${l.notFitUrl}`);
    if (l.reply) parts.push(`   Reply draft (review before posting): ${l.reply.replace(/\s+/g, ' ')}`);
    parts.push('');
  }
  if (more > 0) parts.push(`and ${more} more: ${m.queueUrl}`, '');
  if (m.unsubscribeUrl) parts.push(`Stop these alerts: ${m.unsubscribeUrl}`);
  return `${parts.join('\n')}\n`;
}

/**
 * The HTML part: a single-column table with inline styles (what Gmail, Outlook and Apple Mail all render), light by
 * default, with a dark scheme for clients that honour prefers-color-scheme.
 */
export function emailHtml(m: AlertMessage): string {
  const { shown, more } = shownAndMore(m);
  const link = (url: string, label: string, style = 'color:#0969da;') =>
    `<a href="${html(url)}" style="${style}">${html(label)}</a>`;
  const leads = shown
    .map((l) => {
      const action = (url: string, label: string) => link(url, label, 'color:#0969da;white-space:nowrap;');
      const actions = [
        action(l.url, 'Open the post'),
        action(l.dashboardUrl, 'Open in dashboard'),
        ...(l.hideUrl ? [action(l.hideUrl, 'Hide')] : []),
        ...(l.notFitUrl ? [action(l.notFitUrl, 'Not a fit')] : []),
      ].join(' &nbsp;·&nbsp; ');
      return `<tr><td class="card" style="padding:16px;border:1px solid #d0d7de;border-radius:8px;background:#ffffff;">
<div class="meta" style="font-size:13px;color:#57606a;">r/${html(l.subreddit)} &nbsp;·&nbsp; <strong class="score" style="color:#1a7f37;">${l.score}</strong>${html(stageOf(l))}</div>
<div class="title" style="font-size:16px;font-weight:600;margin:4px 0 6px;">${link(l.url, l.title, 'color:#1f2328;text-decoration:none;')}</div>
${l.reason ? `<div style="font-size:14px;font-style:italic;margin-bottom:6px;">${html(l.reason)}</div>` : ''}
${excerpt(l.body) ? `<div class="meta" style="font-size:14px;color:#57606a;margin-bottom:8px;">${html(excerpt(l.body))}</div>` : ''}
<div style="font-size:14px;margin-bottom:8px;">${actions}</div>
${l.reply ? `<div class="reply" style="font-size:13px;color:#57606a;border-left:3px solid #d0d7de;padding-left:8px;"><strong>Reply draft</strong> (review before posting): ${html(l.reply)}</div>` : ''}
</td></tr><tr><td style="height:12px;line-height:12px;font-size:0;">&nbsp;</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${html(headline(m))}</title>
<style>
@media (prefers-color-scheme: dark) {
  body, .page { background:#0d1117 !important; color:#e6edf3 !important; }
  .card { background:#161b22 !important; border-color:#30363d !important; }
  a { color:#58a6ff !important; }
  .title a { color:#e6edf3 !important; }
  .meta, .reply { color:#9198a1 !important; }
  .score { color:#3fb950 !important; }
}
</style></head>
<body style="margin:0;padding:0;background:#f6f8fa;color:#1f2328;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif;">
<table role="presentation" class="page" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f8fa;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:640px;">
<tr><td style="padding:0 0 16px;"><h1 style="font-size:20px;margin:0;">${html(headline(m))}</h1></td></tr>
${leads}
${more > 0 ? `<tr><td style="padding:4px 0 16px;font-size:14px;">and ${more} more: ${link(m.queueUrl, 'open the queue')}</td></tr>` : ''}
<tr><td class="meta" style="padding:8px 0;font-size:12px;color:#57606a;">Drafts are for you to review; nothing is posted for you.${m.unsubscribeUrl ? ` ${link(m.unsubscribeUrl, 'Stop these alerts')}.` : ''}</td></tr>
</table></td></tr></table></body></html>
`;
}
