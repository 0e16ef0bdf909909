import type { Balance } from '../../../../protocol';

/** The live balances the staking screens read (useSpot's `useBalances`), as a test sets them: the
 * reader's available USDT, or undefined while none has come. */
export const liveBalances = { usdt: undefined as string | undefined };

export const useLiveBalances = (): Balance[] | undefined =>
  liveBalances.usdt === undefined
    ? undefined
    : [{ asset: 'USDT', available: liveBalances.usdt, frozen: '0.00000000' }];
