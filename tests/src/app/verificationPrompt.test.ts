import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFailure } from '../../../src/app/verificationPrompt';
import { setUser } from '../../../src/state/session';
import { uiState } from '../../../src/state/ui';
import { setupI18n } from '../../setup/i18n';

vi.mock('../../../src/api/refreshUser', () => ({ refreshUserInfo: vi.fn(async () => undefined) }));

const toasts = () => uiState.toasts.map((t) => t.text);

beforeAll(setupI18n);
beforeEach(() => {
  uiState.toasts.length = 0;
  uiState.alerts.length = 0;
});

describe('answerFailure', () => {
  it('toasts any other failure as the REST client would, and sends the reader nowhere', async () => {
    setUser({ token: 'tok', userinfo: { certification: null } });
    expect(await answerFailure({ code: 400, msg: 'app.msg.insufficient_balance', data: null })).toBeNull();
    expect(
      await answerFailure({ code: 2003, msg: '', data: { message: 'app.msg.withdraw_min', value: '10' } }),
    ).toBeNull();
    expect(toasts()).toEqual(['Insufficient balance', 'Minimum withdrawal amount: 10']);
  });

  it('adds nothing to an expired session, which the REST client has announced', async () => {
    expect(await answerFailure({ code: 401, msg: 'app.msg.session_expired', data: null })).toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('shows the refusal itself when the server has approved the reader since', async () => {
    setUser({ token: 'tok', userinfo: { certification: 2 } });
    expect(await answerFailure({ code: 403, msg: 'app.msg.verification_required', data: null })).toBeNull();
    expect(toasts()).toEqual(['Please complete identity verification first']);
    expect(uiState.alerts).toEqual([]);
  });
});
