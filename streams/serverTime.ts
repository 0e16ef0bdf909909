import {
  BehaviorSubject,
  defer,
  distinctUntilChanged,
  filter,
  map,
  of,
  repeat,
  switchMap,
  takeWhile,
  timer,
  type SchedulerLike,
} from 'rxjs';
import { keyed } from './keyed';
import type { Transport } from './transport';

/** A reading whose answer took longer than this is kept only while no better one is held: a
 * phone asleep between a ping and its pong would otherwise move the clock by half the sleep. */
const MAX_SAMPLE_ROUND_TRIP_MS = 2000;

interface Reading {
  offset: number;
  roundTrip: number;
}

/**
 * The server's clock as seen from here: each pong gives the offset (server time minus the local
 * midpoint of the round trip). Countdowns run on it, never on the device clock alone: until a
 * first reading they show nothing rather than a device clock that may be minutes off.
 */
export const createServerClock = (
  transport: Transport,
  now: () => number = Date.now,
  scheduler?: SchedulerLike,
) => {
  const reading$ = new BehaviorSubject<Reading | undefined>(undefined);
  /** Takes one reading: the server's time, and when the question left and the answer came back
   * by this device's clock. */
  const sample = (serverTs: number, sentAt: number, receivedAt: number) => {
    const roundTrip = receivedAt - sentAt;
    const held = reading$.value;
    if (held && roundTrip > MAX_SAMPLE_ROUND_TRIP_MS && roundTrip > held.roundTrip) return;
    reading$.next({ offset: Math.round(serverTs - (sentAt + receivedAt) / 2), roundTrip });
  };
  transport.pong$.subscribe((p) => sample(p.serverTs, p.ts, p.receivedAt));
  const offset$ = reading$.pipe(
    filter((r): r is Reading => r !== undefined),
    map((r) => r.offset),
    distinctUntilChanged(),
  );
  const serverNow = () => now() + (reading$.value?.offset ?? 0);
  /** Whether the server's time has been read at all. */
  const sampled = () => reading$.value !== undefined;

  /** Whole seconds left until `closeAt` (server time), at each new reading and each time the
   * server's clock passes a whole second before the close, ending at 0 at the close itself;
   * undefined until the server's time is first read. A timer running from the first look turned
   * up to a second after the server's clock did, and still said 0:01 after the close. */
  const countdown$ = keyed((closeAt: number) =>
    reading$.pipe(
      switchMap((r) => {
        if (r === undefined) return of(undefined);
        const msLeft = () => closeAt - now() - r.offset;
        const secondsLeft = () => Math.max(0, Math.ceil(msLeft() / 1000));
        // Until the next whole second before the close, when `secondsLeft` drops by one.
        const untilNext = () => Math.max(1, msLeft() - 1000 * (secondsLeft() - 1));
        return defer(() => of(secondsLeft())).pipe(repeat({ delay: () => timer(untilNext(), scheduler) }));
      }),
      distinctUntilChanged(),
      takeWhile((s) => s === undefined || s > 0, true),
    ),
  );

  // REST answers that carry the server time also set the offset, so countdowns are right while the
  // socket is down too.
  return { offset$, serverNow, sampled, countdown$, sample };
};
