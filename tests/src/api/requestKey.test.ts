import { describe, expect, it } from 'vitest';
import { createIntentKeys, isRefusal, newRequestKey } from '../../../src/api/requestKey';
import { REQUEST_KEY_RE } from '../../../protocol/walletRules';

const answered = async () => 'done';
const refused = async () => Promise.reject({ code: 400, msg: 'app.msg.insufficient_balance', data: null });
const lost = async () => Promise.reject({ code: 0, msg: 'app.msg.network_error', data: null });

describe('request keys', () => {
  it('are fresh each time and of the form the server takes', () => {
    const a = newRequestKey();
    expect(a).toMatch(REQUEST_KEY_RE);
    expect(newRequestKey()).not.toBe(a);
  });

  it('tell a refusal (nothing was done) from a lost answer or a server fault (it may have been)', () => {
    expect(isRefusal({ code: 400 })).toBe(true);
    expect(isRefusal({ code: 2001 })).toBe(true);
    expect(isRefusal({ code: 0 })).toBe(false);
    expect(isRefusal({ code: 500 })).toBe(false);
    expect(isRefusal(new Error('boom'))).toBe(false);
  });

  it('keep one key per intent until the server answers it', async () => {
    const keys = createIntentKeys();
    const sent: string[] = [];
    const via = (reply: () => Promise<string>) => (key: string) => {
      sent.push(key);
      return reply();
    };
    await expect(keys.send('a', via(lost))).rejects.toMatchObject({ code: 0 });
    await expect(keys.send('a', via(answered))).resolves.toBe('done');
    await keys.send('a', via(answered));
    await expect(keys.send('a', via(refused))).rejects.toMatchObject({ code: 400 });
    await keys.send('a', via(lost)).catch(() => undefined);
    await keys.send('b', via(answered));
    await keys.send('b', via(answered));
    // The lost one's retry reused its key; an answer, placed or refused, let it go; another intent
    // is another request.
    expect(sent[1]).toBe(sent[0]);
    expect(new Set(sent).size).toBe(6);
  });
});
