import type { ContractPairConfig } from '../../protocol';
import { repeat } from './repeat';

/**
 * Tells open /contract screens when the contract terms change: every `intervalMs` the pairs as
 * the public info lists them are read and compared with the last read, and a difference is
 * announced with the new list. Reading rather than hooking the service's own writes catches the
 * operator CLI too, which changes the settings from another process; a read is a few small
 * queries, nothing next to the traffic it saves (each screen would otherwise re-read the info to
 * find out). The first read only sets the mark.
 */
export const watchContractSettings = (opts: {
  read: () => Promise<ContractPairConfig[]>;
  intervalMs: number;
  onChange: (pairs: ContractPairConfig[]) => void;
  onError: (err: unknown) => void;
}): (() => void) => {
  let seen: string | undefined;
  return repeat(
    async () => {
      const pairs = await opts.read();
      const text = JSON.stringify(pairs);
      if (seen !== undefined && text !== seen) opts.onChange(pairs);
      seen = text;
    },
    { everyMs: opts.intervalMs, onError: opts.onError },
  );
};
