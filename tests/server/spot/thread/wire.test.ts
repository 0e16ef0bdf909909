import { describe, expect, it } from 'vitest';
import { fromWire, outbox, toWire } from '../../../../server/spot/thread/wire';
import { isUnreachable } from '../../../../server/db/unreachable';
import { AppError } from '../../../../server/domain/appError';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('outbox', () => {
  it('hands over what one turn sent in one batch, at the end of the turn', async () => {
    const posted: number[][] = [];
    const send = outbox<number>((batch) => posted.push(batch));
    send(1);
    send(2);
    await Promise.resolve();
    send(3);
    expect(posted).toEqual([]);
    await turn();
    expect(posted).toEqual([[1, 2, 3]]);
    send(4);
    await turn();
    expect(posted).toEqual([[1, 2, 3], [4]]);
  });

  it('hands over a slice as soon as it is full, without waiting for the turn to end', async () => {
    const posted: number[][] = [];
    const send = outbox<number>((batch) => posted.push(batch), 2);
    for (const n of [1, 2, 3, 4, 5]) send(n);
    expect(posted).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await turn();
    expect(posted).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('with process.nextTick, hands over what a chain of promises sent once the chain has run, before the event loop goes on', async () => {
    const events: string[] = [];
    const send = outbox<string>(
      (batch) => events.push(`post ${batch.join(',')}`),
      Infinity,
      process.nextTick,
    );
    // Queued before anything is sent: the spot thread's next batch, or new orders taken in.
    setImmediate(() => events.push('next turn'));
    // As the commit queue answers a batch: inside a promise's callback, its news sent at once and
    // each answer at the end of a chain of promises.
    const chain = Promise.resolve().then(() => {
      send('news');
      return Promise.resolve()
        .then(() => send('answer 1'))
        .then(() => send('answer 2'))
        .then(() => Promise.resolve())
        .then(() => send('answer 3'));
    });
    await chain;
    await turn();
    expect(events).toEqual(['post news,answer 1,answer 2,answer 3', 'next turn']);
  });

  it('sent from the end of a turn (as orders go on after the auth epoch read), hands over in that turn with process.nextTick, where the default waits for the next one', async () => {
    const events: string[] = [];
    const atTurnEnd = outbox<string>(
      (batch) => events.push(`nextTick ${batch.join(',')}`),
      16,
      process.nextTick,
    );
    const byDefault = outbox<string>((batch) => events.push(`default ${batch.join(',')}`));
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        // The next turn's end, queued before the orders go on.
        setImmediate(() => {
          events.push('next turn');
          resolve();
        });
        void Promise.resolve()
          .then(() => {
            atTurnEnd('a');
            byDefault('a');
          })
          .then(() => {
            atTurnEnd('b');
            byDefault('b');
          });
      }),
    );
    await turn();
    expect(events).toEqual(['nextTick a,b', 'next turn', 'default a,b']);
  });
});

describe('a failure crossing threads', () => {
  it('keeps its code, so the main thread knows the spot thread’s database was out of reach', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const crossed = fromWire(structuredClone(toWire(refused)));
    expect(crossed.message).toBe(refused.message);
    expect((crossed as Error & { code?: string }).code).toBe('ECONNREFUSED');
    expect(isUnreachable(crossed)).toBe(true);
    expect(isUnreachable(fromWire(toWire(Object.assign(new Error('x'), { code: '57P01' }))))).toBe(true);
  });

  it('stays a fault without a code, and a catalogued failure stays catalogued', () => {
    const fault = fromWire(structuredClone(toWire(new TypeError('x is undefined'))));
    expect('code' in fault).toBe(false);
    expect(isUnreachable(fault)).toBe(false);
    const refused = fromWire(toWire(new AppError('price_abnormal')));
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).errorName).toBe('price_abnormal');
  });
});
