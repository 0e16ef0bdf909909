import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { openDb, type Db } from '../../../../server/db/connect';
import { cachedUserSessions } from '../../../../server/db/repos/sessionCache';
import { sessionsRepo } from '../../../../server/db/repos/sessions';
import type { SessionsRepo } from '../../../../server/domain/accounts/ports';
import { sha256Hex } from '../../../../server/domain/accounts/secrets';
import { accountsFor, registerUser } from '../../helpers/accounts';
import { rejectsWith } from '../../helpers/errors';
import { forEachSharedEngine, useTestDb, type SharedTestDb } from '../../helpers/testDb';

type Found = NonNullable<Awaited<ReturnType<SessionsRepo['findUserSession']>>>;

// On the file-backed SQLite the server uses and on PostgreSQL, each with a second connection on
// the same database playing the operator CLI, whose changes this process hears of only through
// the database.
describe.each(forEachSharedEngine())('the user sessions kept in memory, on %s', (engine, open) => {
  const t = useTestDb(open, { seed: true }) as () => SharedTestDb;
  let other: Db | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });
  const cli = () => (other ??= openDb(t().database)).kysely;

  const signedUp = async () => {
    const h = accountsFor(t());
    const s = await registerUser(h.accounts);
    const userId = s.userinfo.id as number;
    return { ...h, token: s.token, userId, hash: sha256Hex(s.token) };
  };

  it('answers a session it has read from memory while nothing changed, frozen', async () => {
    const { accounts, token } = await signedUp();
    const first = await accounts.authenticateUser(token);
    const again = await accounts.authenticateUser(token);
    expect(again.user).toBe(first.user);
    expect(Object.isFrozen(again.user)).toBe(true);
  });

  it('hears of a revocation by another connection at the next request', async () => {
    const { accounts, token, hash } = await signedUp();
    await accounts.authenticateUser(token);
    await cli().updateTable('sessions').set({ revoked_at: 1 }).where('token_hash', '=', hash).execute();
    await rejectsWith(accounts.authenticateUser(token), 'session_expired');
  });

  it('hears of an approval, then a lock, by another connection at the next request', async () => {
    const { accounts, token, userId } = await signedUp();
    expect((await accounts.authenticateUser(token)).user.certification).not.toBe(2);
    await cli().updateTable('users').set({ certification: 2 }).where('id', '=', userId).execute();
    expect((await accounts.authenticateUser(token)).user.certification).toBe(2);
    await cli().updateTable('users').set({ locked: 1 }).where('id', '=', userId).execute();
    await rejectsWith(accounts.authenticateUser(token), 'account_locked');
  });

  it('ends a session logged out in this process at once', async () => {
    const { accounts, token } = await signedUp();
    const { sessionId } = await accounts.authenticateUser(token);
    await accounts.logout(sessionId);
    await rejectsWith(accounts.authenticateUser(token), 'session_expired');
  });

  it('refuses a kept session once it expires', async () => {
    const { accounts, token, clock } = await signedUp();
    const { session } = (await sessionsRepo(t().db.kysely).findUserSession(sha256Hex(token)))!;
    await accounts.authenticateUser(token);
    clock.now = session.expiresAt;
    await rejectsWith(accounts.authenticateUser(token), 'session_expired');
  });

  it('reads inside a transaction as the transaction sees it, keeping nothing', async () => {
    const { hash } = await signedUp();
    const [a, b] = await t()
      .db.kysely.transaction()
      .execute(async (trx) => {
        const repo = sessionsRepo(trx);
        return [await repo.findUserSession(hash), await repo.findUserSession(hash)];
      });
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
  });

  describe('its rules, over a counted lookup', () => {
    const counted = (onFind: () => Promise<unknown> = async () => undefined) => {
      const calls: string[] = [];
      const find = async (hash: string): Promise<Found> => {
        calls.push(hash);
        await onFind();
        return {
          session: { id: 1, kind: 'user', subjectId: 1, createdAt: 0, expiresAt: 1, revokedAt: null },
          user: { id: 1 } as Found['user'],
        };
      };
      return { calls, find };
    };

    // A row to change: SQLite's row triggers fire for none on an empty table.
    const bumper = async () => {
      await signedUp();
      return () =>
        cli()
          .updateTable('users')
          .set((eb) => ({ credit_score: eb('credit_score', '+', 1) }))
          .execute();
    };

    it('does not answer a session read while a change was committing', async () => {
      const { calls, find } = counted(await bumper());
      const cached = cachedUserSessions(t().db.kysely, find);
      await cached('a');
      await cached('a');
      expect(calls).toEqual(['a', 'a']);
    });

    it('does not keep a session read before a change another request has already seen', async () => {
      const bump = await bumper();
      let cached: SessionsRepo['findUserSession'] = async () => undefined;
      // While `a` is read, the epoch moves and a request for `b` sees it.
      const { calls, find } = counted(async () => {
        if (calls.length > 1) return;
        await bump();
        await cached('b');
      });
      cached = cachedUserSessions(t().db.kysely, find);
      await cached('a');
      await cached('a');
      await cached('b');
      expect(calls).toEqual(['a', 'b', 'a']);
    });

    /** How many times the auth epoch has been read through the test database's connection. */
    const countingEpochReads = () => {
      const spy = vi.spyOn(t().db.kysely.getExecutor(), 'executeQuery');
      onTestFinished(() => spy.mockRestore());
      return () => spy.mock.calls.filter(([q]) => q.sql.includes('auth_epoch')).length;
    };

    it('reads the epoch once for lookups asked together, and again for one asked after', async () => {
      const { calls, find } = counted();
      const reads = countingEpochReads();
      const cached = cachedUserSessions(t().db.kysely, find);
      await Promise.all([cached('a'), cached('b'), cached('a')]);
      expect(reads()).toBe(1);
      await cached('a');
      expect(reads()).toBe(2);
      expect(calls).toEqual(['a', 'b', 'a']);
    });

    // On SQLite the other connection's commit is done before the event loop turns, so it falls
    // between the lookup's ask and its read; over PostgreSQL's network it would come after both.
    it.runIf(engine === 'sqlite')(
      'sees a change committed after a lookup was asked, before its epoch was read',
      async () => {
        const bump = await bumper();
        const { calls, find } = counted();
        const cached = cachedUserSessions(t().db.kysely, find);
        await cached('a');
        const asked = cached('a');
        await bump();
        await asked;
        expect(calls).toEqual(['a', 'a']);
      },
    );

    it('keeps at most its limit, dropping the oldest first', async () => {
      const { calls, find } = counted();
      const cached = cachedUserSessions(t().db.kysely, find, 2);
      for (const hash of ['a', 'b', 'c', 'b', 'c', 'a']) await cached(hash);
      expect(calls).toEqual(['a', 'b', 'c', 'a']);
    });

    it('does not keep an unknown token', async () => {
      const calls: string[] = [];
      const cached = cachedUserSessions(t().db.kysely, async (hash) => void calls.push(hash));
      expect(await cached('nobody')).toBeUndefined();
      expect(await cached('nobody')).toBeUndefined();
      expect(calls).toEqual(['nobody', 'nobody']);
    });
  });
});
