/**
 * The error catalogue (spec §8). Every failure the server or the client reports is one of these
 * `app.msg.*` keys; the locale files translate each. `status` is the HTTP class the server answers
 * with, so logs and monitors see failures; the client reads the envelope's `code` instead.
 * Keys marked `client` are raised by the web app itself (no server answer carries them).
 */
export const ERRORS = {
  // balances and accounts
  insufficient_balance: { status: 400 },
  account_not_exist: { status: 404 },
  account_exists: { status: 409 },
  username_exists: { status: 409 },
  email_exists: { status: 409 },
  mobile_exists: { status: 409 },
  nickname_exists: { status: 409 },
  account_locked: { status: 403 },
  login_failed: { status: 400 },
  invite_code_not_exist: { status: 400 },
  // captcha and verification codes
  captcha_incorrect: { status: 400 },
  // a code sent with no ticket: this page (this tab) never asked for one
  code_not_requested: { status: 400 },
  graphic_captcha_incorrect: { status: 400 },
  // an account with many failed logins: the next one needs a graphic captcha
  captcha_required: { status: 429 },
  code_limit_reached: { status: 429 },
  code_frequent: { status: 429 },
  code_not_delivered: { status: 503 },
  // passwords
  old_password_wrong: { status: 400 },
  // wrong old passwords past the limit, on the change form: paused for the failure window
  old_password_tries: { status: 429 },
  old_withdraw_pwd_wrong: { status: 400 },
  withdraw_pwd_incorrect: { status: 400 },
  // wrong withdrawal passwords past the limit: paused for the failure window, or reset by email
  withdraw_pwd_tries: { status: 429 },
  withdraw_pwd_not_set: { status: 403 },
  password_exists: { status: 409 },
  // markets and products
  currency_not_exist: { status: 404 },
  spot_not_enabled: { status: 400 },
  features_not_enabled: { status: 400 },
  order_not_exist: { status: 404 },
  contract_not_exist: { status: 404 },
  cycle_not_exist: { status: 400 },
  investment_exceeds_limit: { status: 400 },
  outside_limit: { status: 400 },
  rate_changed: { status: 409 },
  not_eligible: { status: 403 },
  no_purchase_times: { status: 400 },
  product_unavailable: { status: 409 },
  // identity
  duplicate_document_number: { status: 409 },
  document_type_error: { status: 400 },
  // withdrawals and account flags
  withdraw_address_used: { status: 409 },
  withdraw_not_opened: { status: 403 },
  withdraw_prohibited: { status: 403 },
  trading_disabled: { status: 403 },
  price_abnormal: { status: 409 },
  // deposits and withdrawals (issue 7)
  deposit_not_opened: { status: 403 },
  deposit_address_unavailable: { status: 409 },
  too_many_open_deposits: { status: 409 },
  withdraw_min: { status: 400 },
  withdraw_max: { status: 400 },
  fee_changed: { status: 409 },
  address_charset: { status: 400 },
  address_invalid: { status: 400 },
  memo_invalid: { status: 400 },
  destination_tag_invalid: { status: 400 },
  amount_invalid: { status: 400 },
  amount_decimals: { status: 400 },
  // a keystroke past an amount field's decimal places, refused as it is typed (`places` in the text)
  decimal_places: { status: 400, client: true },
  tx_hash_invalid: { status: 400 },
  tx_hash_used: { status: 409 },
  more_than_declared: { status: 409 },
  // a request key (contracts, withdrawals, deposits, pledges) sent again with other details
  request_key_used: { status: 409 },
  verification_required: { status: 403 },
  // spot orders (issue 5); the last three are limit failures (2001/2002) with the limit as value
  client_oid_used: { status: 409 },
  price_required: { status: 400 },
  quantity_required: { status: 400 },
  amount_required: { status: 400 },
  price_invalid: { status: 400 },
  order_price_min: { status: 400 },
  order_price_max: { status: 400 },
  order_amount_min: { status: 400 },
  // live market data (the WebSocket gateway)
  unknown_channel: { status: 404 },
  subscription_limit: { status: 429 },
  // account input rules (spec §5)
  field_required: { status: 400 },
  password_length: { status: 400 },
  password_charset: { status: 400 },
  password_letter_digit: { status: 400 },
  password_mismatch: { status: 400 },
  password_same: { status: 400 },
  // the login and the withdrawal password of one account may not be the same
  passwords_same: { status: 400 },
  username_length: { status: 400 },
  username_format: { status: 400 },
  email_format: { status: 400 },
  phone_format: { status: 400 },
  nickname_length: { status: 400 },
  real_name_invalid: { status: 400 },
  doc_number_invalid: { status: 400 },
  image_required: { status: 400 },
  verification_pending: { status: 409 },
  verification_done: { status: 409 },
  withdraw_locked: { status: 403 },
  // request shape
  parameter_error: { status: 400 },
  // a remark or a message longer than its field allows (the field counts what was typed)
  text_too_long: { status: 400 },
  // an operator's link or image that is not empty, a path on this site or an http(s) address
  link_invalid: { status: 400 },
  // an operator's slug (the key linking translations of a notice or article) not in its form
  slug_invalid: { status: 400 },
  // the slug already names another notice or article of the same language
  slug_taken: { status: 409 },
  unknown_parameter: { status: 400 },
  payload_too_large: { status: 413 },
  too_many_requests: { status: 429 },
  not_found: { status: 404 },
  // general
  network_error: { status: 503, client: true },
  // the server is stopping (a restart): a request on a connection still open is turned away
  service_unavailable: { status: 503 },
  do_not_resubmit: { status: 409, client: true },
  unexpected_error: { status: 500 },
  record_not_found: { status: 404 },
  no_permission: { status: 403 },
  // uploads
  upload_format: { status: 400 },
  upload_not_image: { status: 400 },
  // an image whose width, height or pixel count is over the caps (a decompression bomb)
  upload_dimensions: { status: 400 },
  upload_size: { status: 413 },
  upload_count: { status: 400 },
  upload_chunk_write: { status: 500 },
  upload_chunk_merge: { status: 500 },
  // sessions
  please_login: { status: 401 },
  not_logged_in: { status: 401 },
  session_expired: { status: 401 },
} as const satisfies Record<string, { status: number; client?: boolean }>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorKey = `app.msg.${ErrorName}`;

export const errorKey = (name: ErrorName): ErrorKey => `app.msg.${name}`;

export const ERROR_KEYS: readonly ErrorKey[] = (Object.keys(ERRORS) as ErrorName[]).map(errorKey);

export const MSG_PREFIX = 'app.msg.';
const DATA_PREFIX = 'app.data.';

export const isMsgKey = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(MSG_PREFIX);
export const isDataKey = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(DATA_PREFIX);
