import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceMessage } from '../../../protocol';
import { insertServiceMessage } from '../../../server/db/repos/help';
import { SERVICE_GAP_WAIT_MS, tailServiceMessages } from '../../../server/jobs/serviceTail';
import { accountsFor, registerUser } from '../helpers/accounts';
import { forEachEngine, useTestDb, type TestDb } from '../helpers/testDb';

afterEach(() => vi.useRealTimers());

/** A tail on `t` that records what it names, on a clock the test moves, and a way to run its rounds
 * until it has named `expected` (the rounds run on fake intervals; the queries on the real database). */
const watch = (t: TestDb) => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const clock = { now: 0 };
  const seen: Array<[number, string]> = [];
  const errors: unknown[] = [];
  const stop = tailServiceMessages(t.db, {
    intervalMs: 1000,
    onMessage: (userId, m: ServiceMessage) => seen.push([userId, m.body]),
    onError: (err) => errors.push(err),
    now: () => clock.now,
  });
  const roundsUntil = (expected: Array<[number, string]>) =>
    vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(1000);
      expect(seen).toEqual(expected);
    });
  return { clock, seen, errors, stop, roundsUntil };
};

describe.each(forEachEngine())('the customer-service tail on %s', (_engine, open) => {
  const t = useTestDb(open);

  const twoUsers = async () => {
    const { accounts } = accountsFor(t());
    return [(await registerUser(accounts)).userinfo.id, (await registerUser(accounts)).userinfo.id] as const;
  };
  const write = (userId: number, sender: 'user' | 'operator', body: string) =>
    insertServiceMessage(t().db.kysely, { userId, sender, operator: null, body }, 1);
  /** A message under an id of the test's choosing: one that took its id before a later one
   * committed. */
  const writeAs = (id: number, userId: number, body: string) =>
    t()
      .db.kysely.insertInto('service_messages')
      .values({ id, user_id: userId, sender: 'operator', operator: 'cli:test', body, created_at: 1 })
      .execute();

  it('names each message written after it started with its thread’s user, once', async () => {
    const [ann, bob] = await twoUsers();
    await write(ann, 'user', 'before the tail');
    const tail = watch(t());
    // The first round only finds where the messages end.
    await tail.roundsUntil([]);
    await write(ann, 'user', 'Where is my deposit?');
    await write(bob, 'user', 'Hello');
    await write(ann, 'operator', 'It is confirming.');
    await tail.roundsUntil([
      [ann, 'Where is my deposit?'],
      [bob, 'Hello'],
      [ann, 'It is confirming.'],
    ]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(tail.seen).toHaveLength(3);
    expect(tail.errors).toEqual([]);
    tail.stop();
  });

  it('names a message that commits after a later id was read, until it is given up', async () => {
    const [ann] = await twoUsers();
    const tail = watch(t());
    await tail.roundsUntil([]);
    await writeAs(100, ann, 'later id, first committed');
    await tail.roundsUntil([[ann, 'later id, first committed']]);
    await writeAs(99, ann, 'earlier id, committed after');
    await tail.roundsUntil([
      [ann, 'later id, first committed'],
      [ann, 'earlier id, committed after'],
    ]);
    // A hole still open past the wait is no longer looked for: a rolled-back id never fills.
    tail.clock.now = SERVICE_GAP_WAIT_MS + 1;
    await vi.advanceTimersByTimeAsync(1000);
    await writeAs(98, ann, 'too late');
    await vi.advanceTimersByTimeAsync(3000);
    expect(tail.seen).toHaveLength(2);
    tail.stop();
  });
});
