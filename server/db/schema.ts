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
  /** Spot trading switch and minimum order amount in the quote coin (migration 005). */
  spot_enabled: Generated<number>;
  spot_min_amount: Generated<string>;
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
  /** Shared by the translations of one notice (unique per locale); null for one not linked. */
  slug: string | null;
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
  /** `nameKey` of the nickname (migration 029): nicknames are unique as they look. */
  nickname_key: string;
  /** `nicknameSkeleton` of the nickname (migration 030): nor are two that only look alike. */
  nickname_skeleton: string;
  /** `foldedNicknameSkeleton` of the nickname (migration 032): nor are two that look alike in
   * another case. */
  nickname_folded_skeleton: string;
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
  /** sha256 of the ticket its send answered; null on codes sent before tickets (unusable). */
  ticket_hash: string | null;
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

/** Timed contracts (migration 006): settings per pair and cycle, and the orders with their
 * receipts. Amounts are integer counts of 10^-8 units as text; rates are basis points. */
export interface ContractPairTable {
  pair: string;
  enabled: number;
  updated_at: number;
}

export interface ContractCycleTable {
  pair: string;
  minutes: number;
  rate_bp: number;
  min_amount: string;
  max_amount: string;
}

export interface ContractTable {
  id: Generated<number>;
  user_id: number;
  request_key: string;
  pair: string;
  asset: string;
  direction: string;
  cycle_minutes: number;
  rate_bp: number;
  amount: string;
  status: string;
  result: string | null;
  payout: string | null;
  open_at: number;
  close_at: number;
  open_tick_id: number;
  open_tick_ts: number;
  open_price: string;
  open_source: string;
  close_tick_id: number | null;
  close_tick_ts: number | null;
  close_price: string | null;
  close_source: string | null;
  settled_at: number | null;
}

/** The wallet (migration 007). Amounts in 10^-8 units as text; switches 0/1. */
export interface WalletNetworkTable {
  coin: string;
  network: string;
  deposit_address: string;
  memo: string;
  min_deposit: string;
  max_deposit: string;
  min_withdraw: string;
  max_withdraw: string;
  withdraw_fee: string;
  deposit_enabled: number;
  withdraw_enabled: number;
  sort: number;
  decimals: Generated<number>;
  updated_at: number;
}

export interface DepositAddressTable {
  id: Generated<number>;
  coin: string;
  network: string;
  address: string;
  user_id: number | null;
  assigned_at: number | null;
  created_at: number;
}

/** The columns deposits and withdrawals share (`ChainTransfer` in the wallet's domain). */
export interface ChainTransferColumns {
  id: Generated<number>;
  user_id: number;
  coin: string;
  network: string;
  address: string;
  memo: string;
  amount: string;
  tx_hash: string | null;
  status: string;
  note: string | null;
  created_at: number;
  updated_at: number;
  /** The client's idempotency key: required of a withdrawal, optional on a deposit declaration
   * (migration 023: null where none was given). */
  request_key: string | null;
}

export interface DepositTable extends ChainTransferColumns {
  credited_amount: string | null;
  received_amount: string | null;
}

export interface WithdrawalTable extends ChainTransferColumns {
  fee: string;
  request_key: string;
}

export interface WithdrawAddressTable {
  id: Generated<number>;
  user_id: number;
  coin: string;
  network: string;
  address: string;
  memo: string;
  remark: string;
  created_at: number;
}

/** Staking (migration 008). Quotas are bigint 10^-8 units (read back with a text cast, see
 * repos/defi.ts); every other amount is integer units as text, like the ledger. */
export interface DefiProductTable {
  id: Generated<number>;
  name: string;
  asset: string;
  cycle_days: number;
  daily_rate: string;
  min_amount: string;
  max_amount: string;
  total_quota: string;
  remaining_quota: string;
  purchase_limit: number;
  enabled: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface DefiPledgeTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  asset: string;
  amount: string;
  daily_rate: string;
  daily_income: string;
  cycle_days: number;
  status: string;
  days_paid: Generated<number>;
  income_paid: Generated<string>;
  pledged_at: number;
  matures_at: number;
  settled_at: number | null;
  /** Optional on a pledge (migration 023): null where none was given. */
  request_key: string | null;
  /** 1 when its whole income was set aside from the house at the pledge (migration 025). */
  income_reserved: Generated<number>;
}

export interface DefiIncomeTable {
  id: Generated<number>;
  pledge_id: number;
  user_id: number;
  day: number;
  amount: string;
  released_at: number;
}

export interface DefiClockTable {
  id: number;
  offset_ms: number;
}

export interface HelpArticleTable {
  id: Generated<number>;
  locale: string;
  category: string;
  title: string;
  body: string;
  sort: number;
  updated_at: number;
  /** Shared by the translations of one article (unique per locale); null for one not linked. */
  slug: string | null;
}

export interface ServiceMessageTable {
  id: Generated<number>;
  user_id: number;
  sender: 'user' | 'operator';
  operator: string | null;
  body: string;
  created_at: number;
}

/** Spot orders and trades (migration 005): ids from the engine; amounts as decimal text. */
export interface SpotOrderTable {
  id: number;
  user_id: number;
  pair: string;
  side: string;
  type: string;
  price: string | null;
  qty: string | null;
  budget: string | null;
  filled_qty: string;
  filled_quote: string;
  fee: string;
  frozen: string;
  status: string;
  client_oid: string | null;
  created_at: number;
  updated_at: number;
}

export interface SpotTradeTable {
  id: number;
  pair: string;
  price: string;
  qty: string;
  quote: string;
  taker_side: string;
  maker_order_id: number;
  taker_order_id: number;
  maker_user_id: number;
  taker_user_id: number;
  maker_fee: string;
  taker_fee: string;
  created_at: number;
}

/** A user's rows of an owned table (migration 010): the ids the catch-up has indexed by owner, and
 * those it has not reached yet (`server/db/userIndex.ts`). */
export interface ByUserTable {
  user_id: number;
  id: number;
}

/** On PostgreSQL only: the ids not yet indexed by owner, with their owners (migration 019). */
export interface UnindexedTable {
  id: number;
  user_id: number;
}

/** On SQLite only (migration 018): every row of `tbl` up to `upto` is indexed by owner. */
export interface OwnerIndexMarkTable {
  tbl: string;
  upto: number;
}

/** One row (id 1): moved by every change to `users` or `sessions` (migration 011). */
export interface AuthEpochTable {
  id: number;
  n: number;
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
  auth_epoch: AuthEpochTable;
  captchas: CaptchaTable;
  verification_codes: VerificationCodeTable;
  outbox: OutboxTable;
  login_failures: LoginFailureTable;
  uploads: UploadTable;
  verifications: VerificationTable;
  audit_log: AuditLogTable;
  balances: BalanceTable;
  journal: JournalTable;
  journal_by_user: ByUserTable;
  journal_unindexed: UnindexedTable;
  spot_orders: SpotOrderTable;
  spot_orders_by_user: ByUserTable;
  spot_orders_unindexed: UnindexedTable;
  owner_index_marks: OwnerIndexMarkTable;
  spot_trades: SpotTradeTable;
  wallet_networks: WalletNetworkTable;
  deposits: DepositTable;
  deposit_addresses: DepositAddressTable;
  withdrawals: WithdrawalTable;
  withdraw_addresses: WithdrawAddressTable;
  contract_pairs: ContractPairTable;
  contract_cycles: ContractCycleTable;
  contracts: ContractTable;
  defi_products: DefiProductTable;
  defi_pledges: DefiPledgeTable;
  defi_income: DefiIncomeTable;
  defi_clock: DefiClockTable;
  help_articles: HelpArticleTable;
  service_messages: ServiceMessageTable;
}
