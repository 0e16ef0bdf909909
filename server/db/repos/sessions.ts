import type { Kysely } from 'kysely';
import type { SessionsRepo } from '../../domain/accounts/ports';
import type { Database } from '../schema';
import { runPrepared } from '../prepared';
import { cachedUserSessions } from './sessionCache';
import { userFromRow } from './users';

/** A user's session and the user, by the hash of its token. */
const findUserSession =
  (db: Kysely<Database>): SessionsRepo['findUserSession'] =>
  async (tokenHash) => {
    const found = await runPrepared(db, 'sessions.findUserSession', [tokenHash, 'user'], () =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.subject_id')
        .selectAll('users')
        .select([
          'sessions.id as session_id',
          'sessions.created_at as session_created_at',
          'sessions.expires_at as session_expires_at',
          'sessions.revoked_at as session_revoked_at',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.kind', '=', 'user'),
    );
    const r = found.rows[0];
    if (!r) return undefined;
    return {
      session: {
        id: r.session_id,
        kind: 'user',
        subjectId: r.id,
        createdAt: Number(r.session_created_at),
        expiresAt: Number(r.session_expires_at),
        revokedAt: r.session_revoked_at === null ? null : Number(r.session_revoked_at),
      },
      user: userFromRow(r),
    };
  };

export const sessionsRepo = (db: Kysely<Database>): SessionsRepo => ({
  insert: async (s) => {
    const row = await db
      .insertInto('sessions')
      .values({
        token_hash: s.tokenHash,
        kind: s.kind,
        subject_id: s.subjectId,
        created_at: s.createdAt,
        expires_at: s.expiresAt,
        revoked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  findByTokenHash: async (tokenHash, kind) => {
    const r = await db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return r
      ? {
          id: r.id,
          kind: r.kind,
          subjectId: r.subject_id,
          createdAt: Number(r.created_at),
          expiresAt: Number(r.expires_at),
          revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
        }
      : undefined;
  },
  // Inside a transaction a session is read as that transaction sees it, never kept.
  findUserSession: db.isTransaction ? findUserSession(db) : cachedUserSessions(db, findUserSession(db)),
  revoke: async (id, now) => {
    await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  },
  revokeAll: async (kind, subjectId, now, exceptId) => {
    let q = db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('revoked_at', 'is', null);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    await q.execute();
  },
});
