import { Observable, timer, type SchedulerLike } from 'rxjs';
import type { ChannelMessage } from '../protocol/ws';
import { GAP, type Step } from './reducers';
import type { ConnectionState, Transport } from './transport';

interface SyncSpec<S, D> {
  channel: string;
  /** The REST snapshot. */
  load: () => Promise<S>;
  apply: (state: S, msg: ChannelMessage<D>) => Step<S>;
  /** The channel's `seq` counts its messages, so a jump is a gap (not for depth, whose seq is the
   * book's and is checked by its reducer). */
  countsSeq: boolean;
  /** How often the REST snapshot is fetched while the socket is down. */
  pollMs: number;
  /** Wait before retrying a failed snapshot. */
  retryMs?: number;
  /** What this client learnt from its own calls' answers (an order placed or cancelled): applied
   * at once, as the channel's message of it will be, so the screen waits neither for the socket
   * nor, while it is down, for the next poll. Applied again on top of a snapshot asked for before
   * it came, which cannot hold it: `apply` must take an update it has already seen. */
  local$?: Observable<D>;
  /** This client's own calls that moved what the snapshot holds, which only the channel would tell
   * (an order placed moves the balances): while the socket is down, the snapshot is read again at
   * once, not at the next poll. */
  refresh$?: Observable<unknown>;
  /** A snapshot that cannot be read before any was ends the stream with its failure, for the
   * screen to say so and offer to ask again (watched again, the stream starts afresh): a chart
   * switched to another interval offline stayed loading until the network came back. One read
   * before is kept through the failures that follow, as the other streams keep theirs. */
  failsUntilRead?: boolean;
}

/** While the page's socket is first connecting, how long to wait for it before polling: it
 * usually opens within a round trip, and a poll meanwhile only repeats the snapshot that the open
 * fetches again anyway. A socket that cannot connect ends in 'reconnecting' sooner or later. */
export const FIRST_OPEN_GRACE_MS = 1500;

/** A page out of sight polls for no one: it reads nothing while hidden, and once when shown. */
const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * A market stream kept true to the server (ARCHITECTURE §5): while the socket is open, the REST
 * snapshot first and then the channel's messages, only forward; a gap or a reopened socket means
 * a fresh snapshot (messages arriving meanwhile are held and applied after it). While the socket
 * is down, the REST snapshot is polled instead (not while the page is hidden), and the polling
 * stops when the socket is back.
 * The channel stays subscribed throughout, so the transport replays it on every open.
 */
export const synced$ = <S, D>(transport: Transport, spec: SyncSpec<S, D>, scheduler?: SchedulerLike) =>
  new Observable<S>((subscriber) => {
    let state: S | undefined;
    let open = false;
    let last: ConnectionState | undefined;
    let held: Array<ChannelMessage<D>> | null = null;
    let lastSeq: number | undefined;
    let generation = 0;
    let pending: { unsubscribe(): void } | undefined;
    /** The generation of the polling under way, if one is. */
    let polling: number | undefined;
    /** Snapshots asked for so far, and which of them the state holds: one asked for earlier but
     * answered later is older than it, and is not taken. */
    let asked = 0;
    let taken = 0;
    /** The client's own updates, each with the number of snapshots asked for before it came, kept
     * until a snapshot asked for after it is taken. */
    const locals: Array<{ after: number; data: D }> = [];

    const emit = () => {
      if (state !== undefined) subscriber.next(state);
    };

    /** Whether a failed snapshot ends the stream (`failsUntilRead`), which it then does. */
    const ended = (err: unknown) => {
      if (!spec.failsUntilRead || state !== undefined) return false;
      subscriber.error(err);
      return true;
    };

    const applyLocal = (data: D) => {
      const next = spec.apply(state as S, { ch: spec.channel, seq: lastSeq ?? 0, ts: Date.now(), data });
      if (next !== GAP) state = next;
    };

    /** Asks for the snapshot; answers whether it was taken: it is not if the stream moved on
     * (`gen`) or a snapshot asked for after it was taken first. */
    const load = (gen: number) => {
      const n = ++asked;
      return spec.load().then((snapshot) => {
        if (gen !== generation || n < taken) return false;
        taken = n;
        state = snapshot;
        while (locals.length > 0 && locals[0]!.after < n) locals.shift();
        for (const l of locals) applyLocal(l.data);
        return true;
      });
    };

    const step = (msg: ChannelMessage<D>): boolean => {
      if (spec.countsSeq && lastSeq !== undefined) {
        if (msg.seq <= lastSeq) return true;
        if (msg.seq > lastSeq + 1) return false;
      }
      const next = spec.apply(state as S, msg);
      if (next === GAP) return false;
      state = next;
      lastSeq = msg.seq;
      return true;
    };

    /** Fetches a fresh snapshot; `carry` are messages to try again on top of it (the one that
     * revealed the gap may well follow the new snapshot). */
    const resync = (carry: Array<ChannelMessage<D>> = []) => {
      const gen = ++generation;
      held = [...carry];
      lastSeq = undefined;
      pending?.unsubscribe();
      load(gen).then(
        (fresh) => {
          if (!fresh) return;
          const queued = held ?? [];
          held = null;
          for (let i = 0; i < queued.length; i++) {
            if (!step(queued[i]!)) return resync(queued.slice(i));
          }
          emit();
        },
        (err: unknown) => {
          if (gen !== generation || ended(err)) return;
          pending = timer(spec.retryMs ?? spec.pollMs, scheduler).subscribe(() => open && resync());
        },
      );
    };

    const pollOnce = (gen: number) =>
      load(gen).then(
        (fresh) => {
          if (fresh) emit();
        },
        (err: unknown) => {
          if (gen === generation) ended(err);
        },
      );

    const poll = (delayMs: number) => {
      const gen = ++generation;
      polling = gen;
      held = null;
      pending?.unsubscribe();
      pending = timer(delayMs, spec.pollMs, scheduler).subscribe(() => {
        if (!hidden()) void pollOnce(gen);
      });
    };
    const onShown = () => {
      if (!hidden() && polling === generation) void pollOnce(generation);
    };
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onShown);

    const messages = transport.channel$<D>(spec.channel).subscribe((msg) => {
      if (!open) return;
      if (held) {
        held.push(msg);
        return;
      }
      if (step(msg)) emit();
      else resync([msg]);
    });
    const local = spec.local$?.subscribe((data) => {
      if (asked > taken) locals.push({ after: asked, data });
      if (state === undefined) return;
      applyLocal(data);
      emit();
    });
    const refresh = spec.refresh$?.subscribe(() => {
      if (polling === generation) void pollOnce(generation);
    });
    const connection = transport.connection$.subscribe((s) => {
      const was = last;
      last = s;
      if (s === 'open') {
        if (was !== 'open') {
          open = true;
          resync();
        }
        return;
      }
      open = false;
      // Down: poll, unless already polling (a socket that stays down moves between its states).
      if (was === undefined || was === 'open' || was === 'connecting')
        poll(s === 'connecting' ? FIRST_OPEN_GRACE_MS : 0);
    });

    return () => {
      generation++;
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onShown);
      pending?.unsubscribe();
      messages.unsubscribe();
      local?.unsubscribe();
      refresh?.unsubscribe();
      connection.unsubscribe();
    };
  });
