import { sql, type Kysely, type Selectable } from 'kysely';
import { onSqlite } from '../dialect';
import type { CodeRecord, CodesRepo, OutboxRepo } from '../../domain/accounts/ports';
import type { Database, VerificationCodeTable } from '../schema';

const toRecord = (r: Selectable<VerificationCodeTable>): CodeRecord => ({
  id: r.id,
  target: r.target,
  purpose: r.purpose,
  codeHash: r.code_hash,
  attempts: r.attempts,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  consumedAt: r.consumed_at === null ? null : Number(r.consumed_at),
});

export const codesRepo = (db: Kysely<Database>): CodesRepo => ({
  // SQLite runs one writing transaction at a time already; PostgreSQL's read committed does not,
  // and a lock on the target's hash, released at commit, serialises only its own sends.
  lockTarget: async (target) => {
    if (!onSqlite(db)) await sql`select pg_advisory_xact_lock(hashtextextended(${target}, 0))`.execute(db);
  },
  insert: async (c) => {
    const row = await db
      .insertInto('verification_codes')
      .values({
        target: c.target,
        purpose: c.purpose,
        code_hash: c.codeHash,
        ticket_hash: c.ticketHash,
        created_at: c.createdAt,
        expires_at: c.expiresAt,
        consumed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  countSince: async (target, purpose, since) => {
    const r = await db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
  latest: async (target, purpose) => {
    const r = await db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return r ? toRecord(r) : undefined;
  },
  openByTicket: async (target, purpose, ticketHash) => {
    const r = await db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .where('ticket_hash', '=', ticketHash)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return r ? toRecord(r) : undefined;
  },
  takeAttempt: async (id, max, now) => {
    const r = await db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', max)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  returnAttempt: async (id) => {
    await db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('id', '=', id)
      .where('attempts', '>', 0)
      .execute();
  },
  consume: async (id, now) => {
    const r = await db
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  remove: async (id) => {
    await db.deleteFrom('verification_codes').where('id', '=', id).execute();
  },
});

export const outboxRepo = (db: Kysely<Database>): OutboxRepo => ({
  insert: async (m) => {
    const row = await db
      .insertInto('outbox')
      .values({
        channel: m.channel,
        target: m.target,
        subject: m.subject,
        body: m.body,
        created_at: m.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  listFor: async (target) => {
    const rows = await db
      .selectFrom('outbox')
      .selectAll()
      .where('target', '=', target)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, createdAt: Number(r.created_at) }));
  },
});
