import { describe, expect, it } from 'vitest';
import { ERRORS, ERROR_KEYS, errorKey, isDataKey, isMsgKey } from '../../protocol';

describe('error catalogue', () => {
  it('gives every error an HTTP class the contract allows', () => {
    const allowed = new Set([400, 401, 403, 404, 409, 413, 429, 500, 503]);
    for (const [name, { status }] of Object.entries(ERRORS)) {
      expect(allowed.has(status), name).toBe(true);
    }
  });

  it('holds every message of spec §8', () => {
    const spec = [
      'insufficient_balance',
      'account_not_exist',
      'account_exists',
      'username_exists',
      'email_exists',
      'mobile_exists',
      'nickname_exists',
      'account_locked',
      'login_failed',
      'invite_code_not_exist',
      'captcha_incorrect',
      'graphic_captcha_incorrect',
      'code_limit_reached',
      'code_frequent',
      'old_withdraw_pwd_wrong',
      'withdraw_pwd_incorrect',
      'password_exists',
      'currency_not_exist',
      'spot_not_enabled',
      'features_not_enabled',
      'order_not_exist',
      'contract_not_exist',
      'cycle_not_exist',
      'investment_exceeds_limit',
      'outside_limit',
      'not_eligible',
      'no_purchase_times',
      'duplicate_document_number',
      'document_type_error',
      'withdraw_address_used',
      'withdraw_not_opened',
      'withdraw_prohibited',
      'trading_disabled',
      'price_abnormal',
      'parameter_error',
      'unknown_parameter',
      'network_error',
      'unexpected_error',
      'record_not_found',
      'no_permission',
      'upload_format',
      'upload_not_image',
      'upload_size',
      'upload_count',
      'upload_chunk_write',
      'upload_chunk_merge',
      'please_login',
      'not_logged_in',
    ];
    for (const name of spec) expect(ERROR_KEYS).toContain(`app.msg.${name}`);
  });

  it('keeps session failures, and only they, in the 401 class', () => {
    const sessionErrors = Object.entries(ERRORS)
      .filter(([, e]) => e.status === 401)
      .map(([n]) => n);
    expect(sessionErrors.sort()).toEqual(['not_logged_in', 'please_login', 'session_expired']);
  });

  it('recognises message and data keys by prefix', () => {
    expect(errorKey('insufficient_balance')).toBe('app.msg.insufficient_balance');
    expect(isMsgKey('app.msg.x')).toBe(true);
    expect(isMsgKey('Plain sentence')).toBe(false);
    expect(isDataKey('app.data.deposit')).toBe(true);
    expect(isDataKey(42)).toBe(false);
  });
});
