import type { Locale } from '../../../protocol/locales';
import type { AccountStore, Clock, Logger } from './ports';

/** A verification code on its way to an email address or a phone, in the asker's language. */
export interface CodeMessage {
  channel: 'email' | 'sms';
  target: string;
  purpose: string;
  code: string;
  locale: Locale;
}

/** The words a code travels in: a subject and a body holding it, in the message's language. */
export type CodeText = (msg: CodeMessage) => { subject: string; body: string };

/** Delivers verification codes. `store` is the repositories the embedded sender writes its outbox
 * row with. */
export interface CodeSender {
  readonly name: string;
  deliver(msg: CodeMessage, store: AccountStore): Promise<void>;
}

/**
 * The embedded default, for a machine without a mail server or SMS gateway: every code is written
 * to the `outbox` table, where the operator reads it (`npm run admin -- outbox`, audited) and
 * passes it on. The log says a code went there, never the code: a log is read by more people, for
 * longer, than anyone who may reset a password.
 */
export const embeddedSender = (log: Logger, clock: Clock, text: CodeText): CodeSender => ({
  name: 'embedded',
  deliver: async (msg, store) => {
    const { subject, body } = text(msg);
    await store.outbox.insert({
      channel: msg.channel,
      target: msg.target,
      subject,
      body,
      createdAt: clock(),
    });
    log.info(
      { target: msg.target, channel: msg.channel, purpose: msg.purpose },
      'verification code sent (embedded sender: no mail server configured; read it with npm run admin -- outbox)',
    );
  },
});

/** The part of a nodemailer transport the SMTP sender uses. */
export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/** Emails codes through SMTP (nodemailer); phone codes, for which there is no gateway yet, go to
 * `fallback`. The log line names the target, never the code. */
export const smtpSender = (
  transport: MailTransport,
  from: string,
  fallback: CodeSender,
  log: Logger,
  text: CodeText,
): CodeSender => ({
  name: 'smtp',
  deliver: async (msg, store) => {
    if (msg.channel !== 'email') return fallback.deliver(msg, store);
    const { subject, body } = text(msg);
    await transport.sendMail({ from, to: msg.target, subject, text: body });
    log.info({ target: msg.target, channel: msg.channel, purpose: msg.purpose }, 'verification code sent');
  },
});
