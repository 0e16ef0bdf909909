import type { ContractStore, RunInTx } from '../domain/contracts/ports';
import { settleContracts, type SettleResult } from '../domain/contracts/settle';

interface SweeperOptions {
  runInTx: RunInTx;
  /** Contract rows outside any transaction: what is due, what closes next. */
  contracts: ContractStore;
  /** Writes the feed's buffered ticks, so every tick up to a close time is in the store. */
  syncFeed: () => Promise<void>;
  /** Told of every committed settlement: balances and the contracts channel are pushed from here. */
  onSettled: (result: SettleResult) => void;
  /** A contract is settled this long after its close time: ticks recorded a moment late still count. */
  settleDelayMs: number;
  maxTickAgeMs: number;
  now?: () => number;
  /** Contracts settled per transaction. */
  batchSize?: number;
  /** Safety net: look for due contracts at least this often, whatever the timer says. */
  pollMs?: number;
  /** Passes start at least this far apart, so a steady stream of close times is settled in
   * batches (one transaction each) rather than one transaction per contract. */
  minGapMs?: number;
  onError?: (err: unknown) => void;
}

export interface ContractSweeper {
  /** Settles everything overdue now, then keeps settling each contract near its close time. */
  start(): Promise<number>;
  /** Arms the timer for a contract closing at `closeAt`. */
  schedule(closeAt: number): void;
  /** One pass over everything due; safe to call any time and from several places (one runs at a
   * time; a call during a run makes one more run). Answers the number settled. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The settlement sweeper: a timer set for the next close time (plus a short delay), a pass at
 * start for whatever became due while the server was down, and a slow poll as a safety net. Each
 * pass claims the due contracts (pending → closing) and settles them in batches; the
 * completed-status guard inside each settlement transaction makes any number of passes, in one
 * process or several, pay each contract exactly once.
 */
export const createContractSweeper = (o: SweeperOptions): ContractSweeper => {
  const {
    settleDelayMs,
    now = Date.now,
    batchSize = 200,
    pollMs = 5000,
    minGapMs = 50,
    onError = () => undefined,
  } = o;
  let lastPassAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armedAt: number | undefined;
  let poller: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  const settle = async (ids: number[]): Promise<{ count: number; failed: boolean }> => {
    const opts = { maxTickAgeMs: o.maxTickAgeMs, now };
    try {
      const result = await settleContracts(o.runInTx, ids, opts);
      o.onSettled(result);
      return { count: result.settled.length, failed: false };
    } catch (batchErr) {
      if (ids.length === 1) {
        onError(batchErr);
        return { count: 0, failed: true };
      }
      // One bad contract must not hold back the rest: settle them one by one.
      let count = 0;
      let failed = false;
      for (const id of ids) {
        const one = await settle([id]);
        count += one.count;
        failed ||= one.failed;
      }
      return { count, failed };
    }
  };

  const schedule = (closeAt: number) => {
    if (stopped) return;
    const at = Math.max(closeAt + settleDelayMs, lastPassAt + minGapMs);
    if (timer !== undefined && armedAt !== undefined && armedAt <= at) return;
    clearTimeout(timer);
    armedAt = at;
    timer = setTimeout(
      () => {
        timer = undefined;
        armedAt = undefined;
        void sweep();
      },
      Math.max(0, at - now()),
    );
    timer.unref?.();
  };

  const pass = async (): Promise<number> => {
    let total = 0;
    let failed = false;
    lastPassAt = now();
    await o.syncFeed();
    for (;;) {
      const ids = await o.contracts.due(now() - settleDelayMs, batchSize);
      if (ids.length === 0) break;
      await o.contracts.markClosing(ids);
      const r = await settle(ids);
      total += r.count;
      failed ||= r.failed;
      // What failed stays due; the poll retries it rather than this loop spinning on it.
      if (r.failed || ids.length < batchSize) break;
    }
    const next = await o.contracts.nextCloseAt();
    if (next !== undefined && !(failed && next + settleDelayMs <= now())) schedule(next);
    return total;
  };

  const sweep = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await pass();
        } while (again && !stopped);
      } catch (err) {
        onError(err);
      } finally {
        running = undefined;
      }
      return total;
    })();
    return running;
  };

  return {
    start() {
      poller = setInterval(() => void sweep(), pollMs);
      poller.unref?.();
      return sweep();
    },
    schedule,
    sweep,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(poller);
      await running;
    },
  };
};
