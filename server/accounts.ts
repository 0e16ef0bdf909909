import path from 'node:path';
import nodemailer from 'nodemailer';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_LENGTH } from '../protocol';
import type { Config } from './config';
import type { Db } from './db/connect';
import { unitOfWork } from './db/repos/accountStore';
import { diskFileStore } from './db/repos/uploadFiles';
import { createAccountService, DEFAULT_ACCOUNT_SETTINGS, type AccountService } from './domain/accounts';
import type { AccountSettings, CaptchaMaker } from './domain/accounts/deps';
import type { Clock, Logger } from './domain/accounts/ports';
import { embeddedSender, smtpSender, type CodeSender, type CodeText } from './domain/accounts/senders';
import { translate } from './translate';

/** The settings of the account configuration (environment) that the account rules read. */
export type AccountConfig = Partial<
  Pick<
    Config,
    'dataDir' | 'sessionTtlHours' | 'operatorSessionTtlHours' | 'codeDailyLimit' | 'smtpUrl' | 'smtpFrom'
  >
>;

/** Graphic captchas from svg-captcha: CAPTCHA_LENGTH characters without look-alikes. */
const svgCaptchaMaker: CaptchaMaker = () => {
  const c = svgCaptcha.create({
    size: CAPTCHA_LENGTH,
    ignoreChars: '0oO1iIlL',
    noise: 2,
    color: true,
    background: '#f4f6fa',
  });
  return { text: c.text, svg: c.data };
};

/** A code's subject and body from the locale files (`mail.*`), in the asker's language. */
export const codeTextIn =
  (ttlMinutes: number): CodeText =>
  ({ code, locale }) => ({
    subject: translate(locale, 'mail.codeSubject'),
    body: translate(locale, 'mail.codeBody')
      .replace('{{code}}', code)
      .replace('{{minutes}}', String(ttlMinutes)),
  });

const codeSenderFor = (config: AccountConfig, log: Logger, clock: Clock, ttlMinutes: number): CodeSender => {
  const text = codeTextIn(ttlMinutes);
  const embedded = embeddedSender(log, clock, text);
  if (!config.smtpUrl) return embedded;
  const transport = nodemailer.createTransport(config.smtpUrl, {
    connectionTimeout: 10_000,
    socketTimeout: 15_000,
  } as object);
  return smtpSender(transport, config.smtpFrom ?? 'no-reply@localhost', embedded, log, text);
};

/** Wires the account rules to the database, the upload folder, the code sender and the clock. */
export const buildAccountService = (opts: {
  db: Db;
  config: AccountConfig;
  log: Logger;
  clock?: Clock;
  settings?: Partial<AccountSettings>;
  sender?: CodeSender;
  captcha?: CaptchaMaker;
}): AccountService => {
  const clock = opts.clock ?? Date.now;
  const settings: AccountSettings = {
    ...DEFAULT_ACCOUNT_SETTINGS,
    ...(opts.config.sessionTtlHours ? { sessionTtlMs: opts.config.sessionTtlHours * 3_600_000 } : {}),
    ...(opts.config.operatorSessionTtlHours
      ? { operatorSessionTtlMs: opts.config.operatorSessionTtlHours * 3_600_000 }
      : {}),
    ...(opts.config.codeDailyLimit ? { codeDailyLimit: opts.config.codeDailyLimit } : {}),
    ...opts.settings,
  };
  return createAccountService({
    uow: unitOfWork(opts.db.kysely),
    clock,
    settings,
    sender: opts.sender ?? codeSenderFor(opts.config, opts.log, clock, settings.codeTtlMs / 60_000),
    files: diskFileStore(path.join(path.resolve(opts.config.dataDir ?? 'data'), 'uploads')),
    captcha: opts.captcha ?? svgCaptchaMaker,
    log: opts.log,
  });
};
