import nodemailer from 'nodemailer';
import type { SignInConfig } from '../config/index.ts';

/** A line for the person running the service, in the terminal where it runs (its standard output). */
export type OperatorLog = (line: string) => void;
export const stdoutLog: OperatorLog = (line) => {
  process.stdout.write(`${line}\n`);
};

export interface SignInMessage {
  to: string;
  url: string;
  /** sign-up: opening the link creates the account. */
  kind: 'sign-in' | 'sign-up';
  validMinutes: number;
}

/** How a link reaches its person: `email` over SMTP, or `log`, one line in the service's own output. */
export interface LinkDelivery {
  readonly via: 'email' | 'log';
  send(message: SignInMessage): Promise<void>;
  close(): void;
}

function mailText(m: SignInMessage): string {
  const what =
    m.kind === 'sign-up'
      ? 'Open this link to create your Lead Intelligence account and sign in'
      : 'Open this link to sign in to Lead Intelligence';
  return (
    `${what} (it works once, for ${m.validMinutes} minutes):\n\n${m.url}\n\n` +
    'If you did not ask for it, ignore this e-mail: nothing happens until the link is opened.\n'
  );
}

/** SMTP when SMTP_URL is set (docs/decisions/0061-sign-in-from-the-page.md), else the service's log. */
export function createLinkDelivery(config: SignInConfig, log: OperatorLog): LinkDelivery {
  const { smtpUrl, mailFrom } = config;
  if (!smtpUrl || !mailFrom) {
    return {
      via: 'log',
      async send(m) {
        const what = m.kind === 'sign-up' ? 'Sign-up link (creates the account)' : 'Sign-in link';
        log(`${what} for ${m.to}, valid ${m.validMinutes} minutes: ${m.url}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    via: 'email',
    async send(m) {
      await transport.sendMail({
        from: mailFrom,
        to: m.to,
        subject: m.kind === 'sign-up' ? 'Create your Lead Intelligence account' : 'Your sign-in link',
        text: mailText(m),
      });
    },
    close: () => transport.close(),
  };
}
