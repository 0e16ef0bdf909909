import type { DepositRecord } from './types';

/**
 * Where deposit confirmations come from. The embedded default is the operator (CLI or operator
 * API), so the watcher does nothing by itself; a chain indexer would implement the same interface
 * and call `confirm` once a transfer has enough confirmations.
 */
export interface ChainWatcher {
  /** Told of each new deposit, with its owner's username. */
  watch(deposit: DepositRecord, owner: string): void;
  stop(): void;
}

/** What a watcher may do to a deposit: report it seen, or confirmed with the amount it found. */
export interface DepositSettler {
  markConfirming(id: number): Promise<void>;
  /** Does nothing to a deposit no longer open (an operator settled it first). */
  confirm(id: number): Promise<void>;
}

export const operatorWatcher = (): ChainWatcher => ({ watch: () => undefined, stop: () => undefined });

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Demo mode: deposits of the demo account are seen at once and confirmed with the declared amount
 * after `delayMs`, so a visitor can try the whole flow without a chain. Every other account's
 * deposits wait for the operator. Lost on restart: a deposit left pending is the operator's to
 * confirm.
 */
export const demoWatcher = (opts: {
  settler: DepositSettler;
  demoUsername: string;
  delayMs: number;
  onError: (err: unknown) => void;
  timers?: Timers;
}): ChainWatcher => {
  const timers = opts.timers ?? realTimers;
  const pending = new Set<unknown>();
  return {
    watch: (deposit, owner) => {
      if (owner !== opts.demoUsername) return;
      opts.settler.markConfirming(deposit.id).catch(opts.onError);
      const handle = timers.set(() => {
        pending.delete(handle);
        opts.settler.confirm(deposit.id).catch(opts.onError);
      }, opts.delayMs);
      pending.add(handle);
    },
    stop: () => {
      for (const h of pending) timers.clear(h);
      pending.clear();
    },
  };
};
