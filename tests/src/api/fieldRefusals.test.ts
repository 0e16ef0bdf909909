import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, http } from '../../../src/api/client';
import { sayAtFields } from '../../../src/api/fieldRefusals';
import { setupI18n } from '../../setup/i18n';
import { resetUi, stubAdapter, toastTexts } from './helpers';

const originalAdapter = http.defaults.adapter;
const refused = (msg: string, data: unknown = null, code = 400) => ({ data: { code, msg, data } });
const FIELDS = { password: ['app.msg.withdraw_pwd_incorrect'], amount: ['app.msg.withdraw_min'] };

beforeAll(setupI18n);
beforeEach(resetUi);
afterEach(() => {
  http.defaults.adapter = originalAdapter;
});

describe('sayAtFields', () => {
  it('hands a refusal about a field to it, toasts nothing, and still fails the send', async () => {
    stubAdapter(refused('app.msg.withdraw_pwd_incorrect'));
    const onField = vi.fn();
    await expect(sayAtFields(() => api.post('/withdraw/order', {}), FIELDS, onField)).rejects.toMatchObject({
      msg: 'app.msg.withdraw_pwd_incorrect',
    });
    expect(onField).toHaveBeenCalledWith('password', 'app.msg.withdraw_pwd_incorrect', expect.anything());
    expect(toastTexts()).toEqual([]);
  });

  it('reads a limit failure by its message, and a refusal that names its field by that field', async () => {
    const onField = vi.fn();
    stubAdapter(refused('app.msg.parameter_error', { message: 'app.msg.withdraw_min', value: '10' }, 2003));
    await sayAtFields(() => api.post('/a', {}), FIELDS, onField).catch(() => undefined);
    stubAdapter(refused('app.msg.passwords_same', { field: 'password' }));
    await sayAtFields(() => api.post('/b', {}), FIELDS, onField).catch(() => undefined);
    expect(onField.mock.calls.map(([field, key]) => [field, key])).toEqual([
      ['amount', 'app.msg.withdraw_min'],
      ['password', 'app.msg.passwords_same'],
    ]);
    expect(toastTexts()).toEqual([]);
  });

  it('toasts a refusal of the whole action, and every refusal once the send is over', async () => {
    const onField = vi.fn();
    stubAdapter(refused('app.msg.withdraw_pwd_tries', null, 429));
    await sayAtFields(() => api.post('/c', {}), FIELDS, onField).catch(() => undefined);
    expect(onField).not.toHaveBeenCalled();
    expect(toastTexts()).toHaveLength(1);
    stubAdapter(refused('app.msg.withdraw_pwd_incorrect'));
    await api.post('/d', {}).catch(() => undefined);
    expect(toastTexts()).toHaveLength(2);
  });
});
