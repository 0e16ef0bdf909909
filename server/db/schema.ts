import type { Generated } from 'kysely';

/**
 * Table types. Times are UTC milliseconds in `bigint` columns (read back as JS numbers: they stay
 * far below 2^53). Money, when it arrives, is kept as canonical decimal strings in text columns and
 * computed with bigint in code, so neither engine's numeric types can round it.
 */
export interface SiteConfigTable {
  key: string;
  value: string;
}

export interface PairTable {
  id: Generated<number>;
  tradecoin: string;
  settlecoin: string;
  sort: number;
  enabled: number;
}

export interface PopupTable {
  id: Generated<number>;
  locale: string;
  title: string;
  content: string;
  sort: number;
}

export interface CarouselTable {
  id: Generated<number>;
  locale: string;
  title: string;
  image: string;
  link: string;
  sort: number;
}

export interface ContentTable {
  id: Generated<number>;
  locale: string;
  type: string;
  title: string;
  body: string;
  sort: number;
}

export interface NoticeTable {
  id: Generated<number>;
  locale: string;
  title: string;
  message: string;
  created_at: number;
}

/** One reference tick as recorded: price and quantity are decimal text at the pair's precision. */
export interface TickTable {
  id: Generated<number>;
  pair: string;
  ts: number;
  price: string;
  qty: string;
  source: string;
}

/** One candle of `period` (1m … 1d) opening at `t`; `qv` is the quote volume. */
export interface CandleTable {
  pair: string;
  period: string;
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
  qv: string;
}

/** Accounts (migration 003). Flags are 0/1; certification null never verified, 0 under review,
 * 1 failed, 2 approved. */
export interface UserTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  nickname: string;
  email: string;
  phone: string | null;
  invite_code: string;
  inviter_id: number | null;
  credit_score: Generated<number>;
  certification: number | null;
  trading_disabled: Generated<number>;
  withdraw_prohibited: Generated<number>;
  locked: Generated<number>;
  password_hash: string;
  withdraw_password_hash: string | null;
  withdraw_locked_until: Generated<number>;
  created_at: number;
}

export interface OperatorTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  disabled: Generated<number>;
  created_at: number;
}

export interface SessionTable {
  id: Generated<number>;
  token_hash: string;
  kind: 'user' | 'operator';
  subject_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface CaptchaTable {
  id: string;
  answer: string;
  expires_at: number;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  target: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
  created_at: number;
}

export interface LoginFailureTable {
  id: Generated<number>;
  account_key: string;
  ip: string;
  created_at: number;
}

export interface UploadTable {
  id: string;
  owner_id: number;
  file_name: string;
  mime: string;
  size: number;
  created_at: number;
}

export interface VerificationTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  doc_type: string;
  doc_number: string;
  front_upload_id: string;
  back_upload_id: string;
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number | null;
  actor: string;
  action: string;
  target: string;
  before_json: string;
  after_json: string;
  created_at: number;
}

/** Ledger amounts: integer counts of 10^-8 units, as text (see migration 004). */
export interface BalanceTable {
  user_id: number;
  asset: string;
  available: string;
  frozen: string;
  updated_at: number;
}

export interface JournalTable {
  id: Generated<number>;
  user_id: number;
  asset: string;
  type: string;
  ref: string;
  available_change: string;
  frozen_change: string;
  available_after: string;
  frozen_after: string;
  created_at: number;
}

export interface Database {
  site_config: SiteConfigTable;
  pairs: PairTable;
  popups: PopupTable;
  carousel: CarouselTable;
  contents: ContentTable;
  notices: NoticeTable;
  ticks: TickTable;
  candles: CandleTable;
  users: UserTable;
  operators: OperatorTable;
  sessions: SessionTable;
  captchas: CaptchaTable;
  verification_codes: VerificationCodeTable;
  outbox: OutboxTable;
  login_failures: LoginFailureTable;
  uploads: UploadTable;
  verifications: VerificationTable;
  audit_log: AuditLogTable;
  balances: BalanceTable;
  journal: JournalTable;
}
