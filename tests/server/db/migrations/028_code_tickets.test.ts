import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../../server/domain/accounts/secrets';
import { migrate } from '../../../../server/db/migrate';
import { codesRepo } from '../../../../server/db/repos/codes';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

describe.each(forEachEngine())('migration 028 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('keeps codes sent before tickets, which no ticket then opens', async () => {
    await migrate(t().db, '027_document_number_unique');
    const k = t().db.kysely;
    const code = { target: 'a@example.com', purpose: 'forgetPwd', code_hash: sha256Hex('123456') };
    await k
      .insertInto('verification_codes')
      .values({ ...code, created_at: 1, expires_at: 2, consumed_at: null })
      .execute();

    expect(await migrate(t().db, '028_code_tickets')).toEqual(['028_code_tickets']);

    expect(await k.selectFrom('verification_codes').select(['target', 'ticket_hash']).execute()).toEqual([
      { target: 'a@example.com', ticket_hash: null },
    ]);
    const codes = codesRepo(k);
    for (const ticket of ['', 'any-ticket'])
      expect(await codes.openByTicket(code.target, code.purpose, sha256Hex(ticket))).toBeUndefined();
    // A code sent now is found by its own ticket only.
    const id = await codes.insert({
      target: code.target,
      purpose: code.purpose,
      codeHash: code.code_hash,
      ticketHash: sha256Hex('its-ticket'),
      createdAt: 3,
      expiresAt: 4,
    });
    expect((await codes.openByTicket(code.target, code.purpose, sha256Hex('its-ticket')))?.id).toBe(id);
    expect(await codes.openByTicket(code.target, 'register', sha256Hex('its-ticket'))).toBeUndefined();
  });
});
