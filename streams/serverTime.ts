import { BehaviorSubject, distinctUntilChanged, map, takeWhile, timer, type SchedulerLike } from 'rxjs';
import { keyed } from './keyed';
import type { Transport } from './transport';

/**
 * The server's clock as seen from here: each pong gives the offset (server time minus the local
 * midpoint of the round trip). Countdowns run on it, never on the device clock alone.
 */
export const createServerClock = (
  transport: Transport,
  now: () => number = Date.now,
  scheduler?: SchedulerLike,
) => {
  const offset$ = new BehaviorSubject(0);
  /** Takes one reading: the server's time, and when the question left and the answer came back
   * by this device's clock. */
  const sample = (serverTs: number, sentAt: number, receivedAt: number) =>
    offset$.next(Math.round(serverTs - (sentAt + receivedAt) / 2));
  transport.pong$.subscribe((p) => sample(p.serverTs, p.ts, p.receivedAt));
  const serverNow = () => now() + offset$.value;

  /** Whole seconds left until `closeAt` (server time), once a second, ending at 0. */
  const countdown$ = keyed((closeAt: number) =>
    timer(0, 1000, scheduler).pipe(
      map(() => Math.max(0, Math.ceil((closeAt - serverNow()) / 1000))),
      distinctUntilChanged(),
      takeWhile((s) => s > 0, true),
    ),
  );

  // REST answers that carry the server time also set the offset, so countdowns are right while the
  // socket is down too.
  return { offset$: offset$.pipe(distinctUntilChanged()), serverNow, countdown$, sample };
};
