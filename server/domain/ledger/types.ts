import type { LedgerType } from '../../../protocol';

/** Accounts that belong to the exchange itself. They are ordinary ledger accounts (never
 * negative), kept under ids no user can have. */
export const SYSTEM_ACCOUNTS = {
  /** The market maker: quotes the books, takes the other side of timed contracts, pays staking. */
  house: -1,
  /** Collects trading and withdrawal fees. */
  fees: -2,
} as const;

/** Users' ids start here (the database numbers them from 1); every account under it is the
 * exchange's own. */
export const FIRST_USER_ID = 1;

/** Whether an account belongs to a user rather than to the exchange. */
export const isUserAccount = (id: number) => id >= FIRST_USER_ID;

/** One balance, in units of 10^-ASSET_SCALE. */
export interface Balance {
  available: bigint;
  frozen: bigint;
}

/**
 * One change to one account: how much its available and frozen parts move (signed units).
 * Freezing is `{available: -x, frozen: +x}`; spending frozen funds is `{frozen: -x}`.
 */
export interface Movement {
  userId: number;
  asset: string;
  available: bigint;
  frozen: bigint;
  type: LedgerType;
  ref: string;
}

export interface PostedEntry extends Movement {
  after: Balance;
  /** When it was posted: the journal row's time. */
  createdAt: number;
}

export const ZERO: Balance = { available: 0n, frozen: 0n };
