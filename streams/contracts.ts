import {
  EMPTY,
  Observable,
  Subject,
  Subscription,
  catchError,
  debounceTime,
  defer,
  distinctUntilChanged,
  exhaustMap,
  filter,
  from,
  map,
  merge,
  startWith,
  switchMap,
  tap,
  timer,
  type SchedulerLike,
} from 'rxjs';
import {
  CONTRACT_PAGE_SIZE_MAX,
  type ContractInfo,
  type ContractListState,
  type ContractOrder,
  type ContractPage,
  type ContractPairConfig,
  type ContractStatus,
} from '../protocol/contracts';
import type { Envelope } from '../protocol/envelope';
import { errorKey } from '../protocol/errors';
import { CONTRACT_SETTINGS_CHANNEL, type ChannelMessage } from '../protocol/ws';
import { keyed } from './keyed';
import type { createServerClock } from './serverTime';
import { synced$ } from './synced';
import type { Transport } from './transport';

/** The REST calls the contract streams start from and poll; the app passes its axios client's. */
export interface ContractApi {
  info(): Promise<ContractInfo>;
  list(query: {
    state: ContractListState;
    page: number;
    size: number;
    before?: number;
  }): Promise<ContractPage>;
  detail(id: number): Promise<ContractOrder>;
}

const CONTRACTS_CHANNEL = 'contracts';
/** Polling while the socket is down; the info is refreshed now and then even while it is up. */
const CONTRACT_POLL_MS = { info: 10_000, infoRefresh: 60_000, list: 5000, order: 3000 } as const;
/** After its close time a contract is fetched once a second until settled (the push is faster but
 * only a shortcut); the first fetch waits this long for the push. */
const SETTLE_WAIT_MS = 1500;
/** A page read again for pushes waits this long for the rest of a burst (contracts opened together
 * settle together, one push each), so the burst is one read. */
const REREAD_WAIT_MS = 300;

const RANK: Record<ContractStatus, number> = { pending: 0, closing: 1, completed: 2 };

/** The server has no such contract of the reader's: asking again cannot change that answer. */
const isGone = (err: unknown) =>
  (err as Partial<Envelope> | undefined)?.msg === errorKey('contract_not_exist');

/** A contract only moves forward: an older state of it (a late poll) never replaces a newer one. */
const isNewer = (next: ContractOrder, current: ContractOrder | undefined) =>
  !current || RANK[next.status] >= RANK[current.status];

/** The open list with one contract's update: settled ones leave it, new ones go on top. */
export const applyOpen = (list: readonly ContractOrder[], o: ContractOrder): ContractOrder[] => {
  const current = list.find((c) => c.id === o.id);
  if (!isNewer(o, current)) return [...list];
  const rest = list.filter((c) => c.id !== o.id);
  return o.status === 'completed' ? rest : [...rest, o].sort((a, b) => b.id - a.id);
};

/** The first page of settled contracts with one update (later pages are read again): a newly
 * settled one goes where the server lists it, newest opened first, since each row shows its open
 * time (a long cycle settles after a shorter one opened later); one opened before the whole of a
 * full page is on a later one. */
export const applySettled = (page: ContractPage, o: ContractOrder): ContractPage => {
  if (page.page !== 1 || o.status !== 'completed' || page.list.some((c) => c.id === o.id)) return page;
  const list = [o, ...page.list].sort((a, b) => b.id - a.id).slice(0, page.size);
  return { ...page, total: page.total + 1, list };
};

type Clock = ReturnType<typeof createServerClock>;

interface ContractStreamsOptions {
  transport: Transport;
  api: ContractApi;
  clock: Clock;
  scheduler?: SchedulerLike;
  /** This device's clock, for timing REST answers (the server clock's offset). */
  now?: () => number;
}

/**
 * The contract streams: the info (pairs, cycles, names), the reader's open contracts and settled
 * pages, and one contract as it runs to its result. REST snapshot first, the private `contracts`
 * channel after, polling while the socket is down; countdowns run on the server clock.
 */
export const createContractStreams = ({
  transport,
  api,
  clock,
  scheduler,
  now = Date.now,
}: ContractStreamsOptions) => {
  const loadInfo = async () => {
    const sentAt = now();
    const info = await api.info();
    clock.sample(info.serverTime, sentAt, now());
    return info;
  };

  /** Reads the server's time once when a countdown starts before any reading: screens that show
   * countdowns without the info (the contract list) would otherwise wait for the socket's pong,
   * which never comes while it is down. */
  let reading: Promise<unknown> | undefined;
  // Keyed: a screen asks for it while rendering, and must get the same stream each time.
  const countdown$ = keyed((closeAt: number) =>
    defer(() => {
      if (!clock.sampled())
        reading ??= loadInfo()
          .catch(() => undefined)
          .finally(() => (reading = undefined));
      return clock.countdown$(closeAt);
    }),
  );

  /** Asks for the info now, outside the timer: the server refused an order placed on what the
   * screen showed (a rate or a limit the operator has changed since). */
  const refresh$ = new Subject<void>();
  /** Read at once and now and then; while the socket is open, the terms an operator changes are
   * pushed on the `contractSettings` channel and replace the pairs read. */
  const info$ = keyed(() =>
    defer(() => {
      let last: ContractInfo | undefined;
      // A read sent before the latest push may answer after it with the terms as they were: the
      // pushed pairs win over it.
      let pushes = 0;
      let pushed: ContractPairConfig[] = [];
      const read = () => {
        const at = pushes;
        return from(loadInfo()).pipe(
          map((info) => (pushes > at ? { ...info, pairs: pushed } : info)),
          catchError(() => EMPTY),
        );
      };
      const reads$ = transport.connection$.pipe(
        map((s) => s === 'open'),
        distinctUntilChanged(),
        switchMap((open) =>
          merge(timer(0, open ? CONTRACT_POLL_MS.infoRefresh : CONTRACT_POLL_MS.info, scheduler), refresh$),
        ),
        exhaustMap(read),
      );
      const pushed$ = transport.channel$<ContractPairConfig[]>(CONTRACT_SETTINGS_CHANNEL).pipe(
        tap((msg) => {
          pushes++;
          pushed = msg.data;
        }),
        filter(() => last !== undefined),
        map((msg): ContractInfo => ({ ...last!, pairs: msg.data })),
      );
      return merge(reads$, pushed$).pipe(tap((info) => (last = info)));
    }),
  );

  /** Every contract in progress, newest first, a page at a time, each read on from the last row of
   * the one before (`before`): read by page numbers, a contract settling between two reads moved
   * every later row up one, and the first of the next page went unread. One opening meanwhile goes
   * on top, out of the reads. */
  const loadOpen = async (): Promise<ContractOrder[]> => {
    const all: ContractOrder[] = [];
    for (;;) {
      const before = all.at(-1)?.id;
      const { list } = await api.list({
        state: 'open',
        page: 1,
        size: CONTRACT_PAGE_SIZE_MAX,
        ...(before === undefined ? {} : { before }),
      });
      all.push(...list);
      if (list.length < CONTRACT_PAGE_SIZE_MAX) return all;
    }
  };

  // The reader's lists are one a login (keyed by its token), as the spot streams are: someone
  // logging in just after another is shown none of the other's contracts.
  const open$ = keyed((_login: string) =>
    synced$<ContractOrder[], ContractOrder>(
      transport,
      {
        channel: CONTRACTS_CHANNEL,
        load: loadOpen,
        apply: (state, msg: ChannelMessage<ContractOrder>) => applyOpen(state, msg.data),
        countsSeq: false,
        pollMs: CONTRACT_POLL_MS.list,
      },
      scheduler,
    ),
  );

  /** One page of the reader's contracts as the server lists it; the first settled page takes a
   * settlement pushed in place (`applySettled`). */
  const listPage$ = (state: ContractListState, page: number, size: number) =>
    synced$<ContractPage, ContractOrder>(
      transport,
      {
        channel: CONTRACTS_CHANNEL,
        load: () => api.list({ state, page, size }),
        apply: (current, msg) => (state === 'settled' ? applySettled(current, msg.data) : current),
        countsSeq: false,
        pollMs: CONTRACT_POLL_MS.list,
      },
      scheduler,
    );
  /** A contract's push moves the rows of a page of this state: any one (opened or settled) for
   * those in progress, a settlement for the settled ones. */
  const moves = (state: ContractListState, o: ContractOrder) => state === 'open' || o.status === 'completed';
  // Every other page is read again, its rows shifting by one from a page it does not hold (what it
  // showed stays until the new one comes).
  const page$ = keyed((_login: string, state: ContractListState, page: number, size: number) =>
    state === 'settled' && page === 1
      ? listPage$(state, page, size)
      : transport.channel$<ContractOrder>(CONTRACTS_CHANNEL).pipe(
          filter((msg) => moves(state, msg.data)),
          debounceTime(REREAD_WAIT_MS, scheduler),
          startWith(undefined),
          switchMap(() => listPage$(state, page, size)),
        ),
  );

  /** One contract until its result: its snapshot, then pushes when the socket is up, and once
   * due, a fetch every second until it is settled (a poll while the socket is down only as long
   * as the server's time is unknown). A contract the server does not know (or
   * not as the reader's) ends the stream with that failure instead of being asked for again. */
  const order$ = keyed(
    (id: number) =>
      new Observable<ContractOrder>((subscriber) => {
        let latest: ContractOrder | undefined;
        let open = false;
        let loading = false;
        let sinceLoad = 0;
        const take = (o: ContractOrder) => {
          if (o.id !== id || !isNewer(o, latest)) return;
          latest = o;
          subscriber.next(o);
        };
        const load = () => {
          if (loading) return;
          loading = true;
          sinceLoad = 0;
          api
            .detail(id)
            .then(take, (err: unknown) => {
              if (isGone(err)) subscriber.error(err);
            })
            .finally(() => (loading = false));
        };
        const subs = new Subscription();
        subs.add(transport.channel$<ContractOrder>(CONTRACTS_CHANNEL).subscribe((m) => take(m.data)));
        subs.add(transport.connection$.subscribe((s) => (open = s === 'open')));
        subs.add(
          timer(0, 1000, scheduler).subscribe(() => {
            sinceLoad += 1000;
            if (latest?.status === 'completed') return;
            const due = latest !== undefined && clock.serverNow() >= latest.closeAt + SETTLE_WAIT_MS;
            // Nothing about a contract changes before its close, pushed or not: with the socket down
            // it is polled only while the server's time, and so when it is due, is not known.
            const unsure = !open && !clock.sampled() && sinceLoad >= CONTRACT_POLL_MS.order;
            if (!latest || due || unsure) load();
          }),
        );
        return subs;
      }),
  );

  return {
    info$,
    refreshInfo: () => refresh$.next(),
    open$,
    page$,
    order$,
    countdown$,
  };
};
