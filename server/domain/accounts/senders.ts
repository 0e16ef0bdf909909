import type { AccountStore, Clock, Logger } from './ports';

/** A verification code on its way to an email address or a phone. */
export interface CodeMessage {
  channel: 'email' | 'sms';
  target: string;
  purpose: string;
  code: string;
}

/** Delivers verification codes. `store` is the repositories the embedded sender writes its outbox
 * row with. */
export interface CodeSender {
  readonly name: string;
  deliver(msg: CodeMessage, store: AccountStore): Promise<void>;
}

export const codeText = (code: string, ttlMinutes: number) => ({
  subject: 'Your verification code',
  body: `Your verification code is ${code}. It expires in ${ttlMinutes} minutes. If you did not ask for it, ignore this message.`,
});

/**
 * The embedded default, for a machine without a mail server or SMS gateway: every code is written
 * to the `outbox` table, where the operator reads it (`npm run admin -- outbox`, audited) and
 * passes it on. The log says a code went there, never the code: a log is read by more people, for
 * longer, than anyone who may reset a password.
 */
export const embeddedSender = (log: Logger, clock: Clock, ttlMinutes: number): CodeSender => ({
  name: 'embedded',
  deliver: async (msg, store) => {
    const { subject, body } = codeText(msg.code, ttlMinutes);
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
  ttlMinutes: number,
): CodeSender => ({
  name: 'smtp',
  deliver: async (msg, store) => {
    if (msg.channel !== 'email') return fallback.deliver(msg, store);
    const { subject, body } = codeText(msg.code, ttlMinutes);
    await transport.sendMail({ from, to: msg.target, subject, text: body });
    log.info({ target: msg.target, channel: msg.channel, purpose: msg.purpose }, 'verification code sent');
  },
});
