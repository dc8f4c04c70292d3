// Sign-in mail: how sign-in links reach people, and who may create an account from the sign-in page.
import { ConfigError, type Env, type EnvVar, readUrl } from './read.ts';

export const MAIL_VARIABLES: EnvVar[] = [
  {
    name: 'SMTP_URL',
    default: 'unset',
    doc: "`smtp://` or `smtps://user:pass@host:port`: sign-in links are e-mailed; unset, they are written to the service's output",
  },
  {
    name: 'MAIL_FROM',
    default: 'unset',
    doc: 'the sender of sign-in e-mails (`signin@example.com` or `Name <signin@example.com>`); required with `SMTP_URL`',
  },
  {
    name: 'SIGNUP',
    default: '`closed` self-hosted, `open` hosted',
    doc: '`open`: an unknown address asking for a sign-in link gets one that creates a free account',
  },
];

/** How sign-in links reach people, and who may create an account from the sign-in page. */
export interface SignInConfig {
  /** SMTP_URL (`smtp://` or `smtps://user:pass@host:port`); null: links are written to the service's log. */
  smtpUrl: string | null;
  /** MAIL_FROM, the sender of sign-in e-mails; required with SMTP_URL. */
  mailFrom: string | null;
  /** SIGNUP: open lets an unknown address create a free account from the page; default open only when hosted. */
  signup: 'open' | 'closed';
}

export function readSignIn(env: Env, selfHosted: boolean): SignInConfig {
  const smtpUrl = readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const mailFrom = env.MAIL_FROM?.trim() || null;
  if (smtpUrl && !mailFrom) throw new ConfigError('MAIL_FROM must be set when SMTP_URL is set');
  if (mailFrom && !/^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+>?$/.test(mailFrom)) {
    throw new ConfigError(`MAIL_FROM must be an address, or "Name <address>" (got "${mailFrom}")`);
  }
  const signup = env.SIGNUP?.trim().toLowerCase() || (selfHosted ? 'closed' : 'open');
  if (signup !== 'open' && signup !== 'closed') {
    throw new ConfigError(`SIGNUP must be open or closed (got "${env.SIGNUP}")`);
  }
  return { smtpUrl, mailFrom, signup };
}
