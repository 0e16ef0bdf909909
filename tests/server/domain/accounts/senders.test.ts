import { describe, expect, it } from 'vitest';
import type { AccountStore } from '../../../../server/domain/accounts/ports';
import { embeddedSender, smtpSender, type MailTransport } from '../../../../server/domain/accounts/senders';
import { codeTextIn } from '../../../../server/accounts';
import { memoryLog } from '../../helpers/accounts';

const fakeStore = () => {
  const rows: unknown[] = [];
  const store = {
    outbox: { insert: async (m: unknown) => rows.push(m), listFor: async () => [] },
  } as unknown as AccountStore;
  return { rows, store };
};

describe('code senders', () => {
  it('embedded: writes the outbox and logs the code (its purpose: the operator reads it)', async () => {
    const { lines, log } = memoryLog();
    const { rows, store } = fakeStore();
    await embeddedSender(log, () => 42, codeTextIn(10)).deliver(
      { channel: 'email', target: 'a@example.com', purpose: 'forgetPwd', code: '123456', locale: 'us' },
      store,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        channel: 'email',
        target: 'a@example.com',
        createdAt: 42,
        body: expect.stringContaining('123456'),
      }),
    ]);
    expect(lines[0]).toMatchObject({ target: 'a@example.com', channel: 'email' });
    expect(JSON.stringify(lines)).not.toContain('123456');
  });

  it('smtp: mails email codes without logging them, and hands phone codes to the fallback', async () => {
    const sent: Array<{ from: string; to: string; subject: string; text: string }> = [];
    const transport: MailTransport = { sendMail: async (m) => sent.push(m) };
    const { lines, log } = memoryLog();
    const fallback = {
      name: 'fallback',
      delivered: [] as string[],
      deliver: async (m: { target: string }) => void fallback.delivered.push(m.target),
    };
    const sender = smtpSender(transport, 'codes@example.com', fallback, log, codeTextIn(10));
    const { store } = fakeStore();
    await sender.deliver(
      { channel: 'email', target: 'b@example.com', purpose: 'forgetPwd', code: '654321', locale: 'us' },
      store,
    );
    await sender.deliver(
      { channel: 'sms', target: '+15550001111', purpose: 'forgetPwd', code: '111222', locale: 'us' },
      store,
    );
    expect(sent).toEqual([
      {
        from: 'codes@example.com',
        to: 'b@example.com',
        subject: 'Your verification code',
        text: expect.stringContaining('654321'),
      },
    ]);
    expect(fallback.delivered).toEqual(['+15550001111']);
    expect(JSON.stringify(lines)).not.toContain('654321');
    expect(lines[0]).toMatchObject({ msg: 'verification code sent', target: 'b@example.com' });
  });

  it('writes the code in the asker’s language, with its lifetime', () => {
    const text = codeTextIn(10);
    const msg = { channel: 'email', target: 'a@example.com', purpose: 'forgetPwd', code: '246810' } as const;
    expect(text({ ...msg, locale: 'de' })).toEqual({
      subject: 'Ihr Bestätigungscode',
      body: 'Ihr Bestätigungscode lautet 246810. Er ist 10 Minuten gültig. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.',
    });
    expect(text({ ...msg, locale: 'jp' }).body).toContain('246810');
    expect(text({ ...msg, locale: 'us' }).subject).toBe('Your verification code');
  });

  it('smtp: a failing mail server fails the send', async () => {
    const transport: MailTransport = { sendMail: async () => Promise.reject(new Error('ECONNREFUSED')) };
    const { log } = memoryLog();
    const sender = smtpSender(
      transport,
      'x@example.com',
      { name: 'f', deliver: async () => undefined },
      log,
      codeTextIn(10),
    );
    await expect(
      sender.deliver(
        { channel: 'email', target: 'c@example.com', purpose: 'forgetPwd', code: '1', locale: 'us' },
        fakeStore().store,
      ),
    ).rejects.toThrow('ECONNREFUSED');
  });
});
