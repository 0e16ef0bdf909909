import { CODE_RESEND_SECONDS, IMAGE_MAX_BYTES } from '../../../protocol';
import type { Clock, FileStore, Logger, UnitOfWork } from './ports';
import { DEFAULT_SCRYPT_N } from './secrets';
import type { CodeSender } from './senders';

export interface AccountSettings {
  /** Lifetime of a trader's session. */
  sessionTtlMs: number;
  /** Lifetime of an operator's session: a working shift, since an operator's token approves
   * withdrawals and identities. */
  operatorSessionTtlMs: number;
  /** Codes of one purpose one target may receive per UTC day. */
  codeDailyLimit: number;
  codeResendMs: number;
  codeTtlMs: number;
  /** Wrong tries after which a code is spent. */
  codeMaxAttempts: number;
  captchaTtlMs: number;
  /** Failed logins (or password checks) per account within the window before refusing (a login:
   * before asking for a graphic captcha). */
  failuresPerAccount: number;
  /** Failed logins per account within the window before refusing even with a solved captcha
   * (past `failuresPerAccount`, a login needs one). */
  failuresPerAccountWithCaptcha: number;
  /** Failed logins per client address within the window before refusing. */
  failuresPerIp: number;
  failureWindowMs: number;
  /** Withdrawals locked for this long after a login-password change. */
  withdrawLockMs: number;
  uploadMaxBytes: number;
  uploadsPerDay: number;
  /** scrypt cost of new hashes (tests lower it for speed). */
  scryptN: number;
}

export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  sessionTtlMs: 168 * 3_600_000,
  operatorSessionTtlMs: 12 * 3_600_000,
  codeDailyLimit: 10,
  codeResendMs: CODE_RESEND_SECONDS * 1000,
  codeTtlMs: 10 * 60_000,
  codeMaxAttempts: 5,
  captchaTtlMs: 5 * 60_000,
  failuresPerAccount: 5,
  failuresPerAccountWithCaptcha: 50,
  failuresPerIp: 20,
  failureWindowMs: 15 * 60_000,
  withdrawLockMs: 24 * 3_600_000,
  uploadMaxBytes: IMAGE_MAX_BYTES,
  uploadsPerDay: 20,
  scryptN: DEFAULT_SCRYPT_N,
};

/** A graphic captcha: the text to type and the SVG picture of it. */
export type CaptchaMaker = () => { text: string; svg: string };

export interface AccountDeps {
  uow: UnitOfWork;
  clock: Clock;
  settings: AccountSettings;
  sender: CodeSender;
  files: FileStore;
  captcha: CaptchaMaker;
  log: Logger;
}

export const DAY_MS = 86_400_000;
/** Start of the UTC day of `now`: daily caps reset at midnight UTC. */
export const utcDayStart = (now: number) => Math.floor(now / DAY_MS) * DAY_MS;
