import { ASSET_SCALE, CERTIFICATION } from '../../../protocol';
import { walletUnitOfWork } from '../../../server/db/repos/wallet';
import { seedWalletIfEmpty } from '../../../server/db/seed/wallet';
import { fail } from '../../../server/domain/accounts/errors';
import type { UserRecord } from '../../../server/domain/accounts/ports';
import { createLedger, type Ledger } from '../../../server/domain/ledger/ledger';
import { SYSTEM_ACCOUNTS } from '../../../server/domain/ledger/types';
import { parseExact } from '../../../server/domain/money/scaled';
import type { Actor } from '../../../server/domain/operators';
import { createWallet, type Wallet, type WalletDeps } from '../../../server/domain/wallet/service';
import { T0, testClock, type TestClock } from './accounts';
import type { TestDb } from './testDb';

export const units = (amount: string) => parseExact(amount, ASSET_SCALE)!;
export const OPERATOR: Actor = { operatorId: null, name: 'cli:test' };
export const WITHDRAW_PASSWORD = 'wallet123';

/** Addresses of the right shape for the networks the tests use. */
export const ADDRESSES = {
  TRC20: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  TRC20b: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ERC20: '0x52908400098527886E0F7030069857D2E4169EE7',
  XRP: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
};

let n = 0;
/** A verified user straight in the table (the wallet needs only the row and its flags). */
export const insertUser = async (t: TestDb, over: Partial<UserRecord> = {}): Promise<UserRecord> => {
  n += 1;
  const username = `wallet${String(n).padStart(5, '0')}`;
  const row = await t.db.kysely
    .insertInto('users')
    .values({
      username,
      username_key: username,
      nickname: username,
      nickname_key: username,
      nickname_skeleton: username,
      nickname_folded_skeleton: username,
      email: `${username}@example.com`,
      phone: null,
      invite_code: `W${String(n).padStart(7, '0')}`,
      inviter_id: null,
      certification: over.certification === undefined ? CERTIFICATION.approved : over.certification,
      password_hash: 'x',
      created_at: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    username,
    nickname: username,
    email: `${username}@example.com`,
    phone: null,
    inviteCode: '',
    inviterId: null,
    creditScore: 100,
    certification: CERTIFICATION.approved,
    tradingDisabled: false,
    withdrawProhibited: false,
    locked: false,
    passwordHash: 'x',
    withdrawPasswordHash: 'x',
    withdrawLockedUntil: 0,
    createdAt: T0,
    ...over,
  };
};

interface WalletHarness {
  wallet: Wallet;
  ledger: Ledger;
  clock: TestClock;
  site: { certification: boolean; thirdPartyWithdrawalAddress: boolean };
}

/** The wallet rules on a test database with the demo networks, a test clock, a fixed withdrawal
 * password and switchable site settings. */
export const walletFor = async (t: TestDb, over: Partial<WalletDeps> = {}): Promise<WalletHarness> => {
  await seedWalletIfEmpty(t.db.kysely, T0);
  const ledger = createLedger(t.db);
  const clock = testClock();
  const site = { certification: true, thirdPartyWithdrawalAddress: true };
  const wallet = createWallet({
    uow: walletUnitOfWork(t.db, ledger),
    announce: (e) => ledger.announce(e),
    clock: () => clock.now,
    siteConfig: async () => site,
    checkWithdrawPassword: async (_userId, password) => {
      if (password !== WITHDRAW_PASSWORD) throw fail('withdraw_pwd_incorrect');
    },
    ...over,
  });
  return { wallet, ledger, clock, site };
};

/** Every unit of `asset` held anywhere: users, the house and the fee account, available and frozen. */
export const totalHeld = async (t: TestDb, asset: string): Promise<bigint> => {
  const rows = await t.db.kysely
    .selectFrom('balances')
    .select(['available', 'frozen'])
    .where('asset', '=', asset)
    .execute();
  return rows.reduce((sum, r) => sum + BigInt(r.available) + BigInt(r.frozen), 0n);
};

export const feesHeld = async (ledger: Ledger, asset: string) =>
  ledger.available(SYSTEM_ACCOUNTS.fees, asset);

let key = 0;
export const requestKey = () => `req-${Date.now().toString(36)}-${(key += 1)}`;

/** A withdrawal of `amount` USDT over TRC20 to a good address, with the right password and a new key. */
export const usdtWithdrawal = (amount: string) => ({
  coin: 'USDT',
  network: 'TRC20' as const,
  address: ADDRESSES.TRC20,
  amount,
  password: WITHDRAW_PASSWORD,
  requestKey: requestKey(),
});
