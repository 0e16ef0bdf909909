import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import { isCaselessAddress, type DepositState, type Network, type WithdrawState } from '../../../protocol';
import type { Ledger } from '../../domain/ledger/ledger';
import type { Db } from '../connect';
import type { Page, WalletRepo, WalletUnitOfWork } from '../../domain/wallet/ports';
import type {
  AddressRecord,
  DepositRecord,
  NetworkConfig,
  WithdrawalRecord,
} from '../../domain/wallet/types';
import type {
  ChainTransferColumns,
  Database,
  DepositTable,
  WalletNetworkTable,
  WithdrawalTable,
  WithdrawAddressTable,
} from '../schema';
import { auditRepo } from './audit';
import { UniqueViolation } from '../../domain/accounts/ports';
import { guardUnique } from './uniqueViolation';
import { transact } from '../transient';

const big = (v: string | null) => (v === null ? null : BigInt(v));

const toNetwork = (r: Selectable<WalletNetworkTable>): NetworkConfig => ({
  coin: r.coin,
  network: r.network as Network,
  depositAddress: r.deposit_address,
  memo: r.memo,
  minDeposit: BigInt(r.min_deposit),
  maxDeposit: BigInt(r.max_deposit),
  minWithdraw: BigInt(r.min_withdraw),
  maxWithdraw: BigInt(r.max_withdraw),
  withdrawFee: BigInt(r.withdraw_fee),
  depositEnabled: r.deposit_enabled === 1,
  withdrawEnabled: r.withdraw_enabled === 1,
  sort: r.sort,
  decimals: Number(r.decimals),
});

/** The fields of the columns deposits and withdrawals share. */
const toTransfer = (r: Selectable<ChainTransferColumns>) => ({
  id: r.id,
  userId: r.user_id,
  coin: r.coin,
  network: r.network as Network,
  address: r.address,
  memo: r.memo,
  amount: BigInt(r.amount),
  txHash: r.tx_hash,
  note: r.note,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  requestKey: r.request_key,
});

const toDeposit = (r: Selectable<DepositTable>): DepositRecord => ({
  ...toTransfer(r),
  creditedAmount: big(r.credited_amount),
  receivedAmount: big(r.received_amount),
  status: r.status as DepositState,
});

const toWithdrawal = (r: Selectable<WithdrawalTable>): WithdrawalRecord => ({
  ...toTransfer(r),
  fee: BigInt(r.fee),
  status: r.status as WithdrawState,
  requestKey: r.request_key,
});

const toAddress = (r: Selectable<WithdrawAddressTable>): AddressRecord => ({
  id: r.id,
  userId: r.user_id,
  coin: r.coin,
  network: r.network as Network,
  address: r.address,
  memo: r.memo,
  remark: r.remark,
  createdAt: Number(r.created_at),
});

type RecordTable = 'deposits' | 'withdrawals';

/** Deposits and withdrawals are read and moved on alike: by id, newest first for one user or one
 * status, and a status change that applies only from a status the caller expects, so that of two
 * racing writers one wins and the other learns it lost. Kysely cannot check a query on a table
 * chosen by a type parameter, so these are checked on the columns the two share; the whole rows
 * they read and the changes they write are table T's, checked where the caller names it. */
const recordQueries = <T extends RecordTable, R>(
  db: Kysely<Record<RecordTable, ChainTransferColumns>>,
  table: T,
  toRecord: (r: Selectable<Database[T]>) => R,
) => {
  // Typed by the parameter, the table name would have Kysely build one query type per table.
  const name: RecordTable = table;
  const read = (r: Selectable<ChainTransferColumns>) => toRecord(r as Selectable<Database[T]>);
  return {
    byId: async (id: number) => {
      const r = await db.selectFrom(name).selectAll().where('id', '=', id).executeTakeFirst();
      return r ? read(r) : undefined;
    },
    /** The user's record made with this idempotency key, if any. */
    byKey: async (userId: number, requestKey: string) => {
      const r = await db
        .selectFrom(name)
        .selectAll()
        .where('user_id', '=', userId)
        .where('request_key', '=', requestKey)
        .executeTakeFirst();
      return r ? read(r) : undefined;
    },
    list: async (
      filter: { userId?: number | undefined; status?: string | undefined; oldestFirst?: boolean | undefined },
      page: Page,
    ) => {
      let q = db.selectFrom(name).selectAll();
      if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
      if (filter.status) q = q.where('status', '=', filter.status);
      return (
        await q
          .orderBy('id', filter.oldestFirst ? 'asc' : 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute()
      ).map(read);
    },
    transition: async (id: number, from: readonly string[], set: Updateable<Database[T]>) => {
      const r = await db
        .updateTable(name)
        .set(set as Updateable<ChainTransferColumns>)
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return r.numUpdatedRows === 1n;
    },
  };
};

export const walletRepo = (db: Kysely<Database>): WalletRepo => {
  const deposits = recordQueries(db, 'deposits', toDeposit);
  const withdrawals = recordQueries(db, 'withdrawals', toWithdrawal);
  return {
    networks: async () =>
      (await db.selectFrom('wallet_networks').selectAll().orderBy('sort').orderBy('network').execute()).map(
        toNetwork,
      ),
    network: async (coin, network) => {
      const r = await db
        .selectFrom('wallet_networks')
        .selectAll()
        .where('coin', '=', coin)
        .where('network', '=', network)
        .executeTakeFirst();
      return r ? toNetwork(r) : undefined;
    },
    saveNetwork: async (n, now) => {
      const row = {
        coin: n.coin,
        network: n.network,
        deposit_address: n.depositAddress,
        memo: n.memo,
        min_deposit: n.minDeposit.toString(),
        max_deposit: n.maxDeposit.toString(),
        min_withdraw: n.minWithdraw.toString(),
        max_withdraw: n.maxWithdraw.toString(),
        withdraw_fee: n.withdrawFee.toString(),
        deposit_enabled: n.depositEnabled ? 1 : 0,
        withdraw_enabled: n.withdrawEnabled ? 1 : 0,
        sort: n.sort,
        decimals: n.decimals,
        updated_at: now,
      };
      const { coin: _c, network: _n, ...rest } = row;
      await db
        .insertInto('wallet_networks')
        .values(row)
        .onConflict((oc) => oc.columns(['coin', 'network']).doUpdateSet(rest))
        .execute();
    },

    depositAddressesOf: (userId) =>
      db
        .selectFrom('deposit_addresses')
        .select(['coin', 'network', 'address'])
        .where('user_id', '=', userId)
        .execute(),
    takeDepositAddress: async (userId, coin, network, now) => {
      const own = () =>
        db
          .selectFrom('deposit_addresses')
          .select('address')
          .where('user_id', '=', userId)
          .where('coin', '=', coin)
          .where('network', '=', network)
          .executeTakeFirst();
      // Two accounts may reach for the same free address at once: the update takes it only while
      // it is still free, and the loser reaches for the next. An account racing itself is held to
      // one address by the unique index on the owner.
      for (;;) {
        const mine = await own();
        if (mine) return mine.address;
        const free = await db
          .selectFrom('deposit_addresses')
          .select('id')
          .where('coin', '=', coin)
          .where('network', '=', network)
          .where('user_id', 'is', null)
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (!free) return undefined;
        const taken = await guardUnique(() =>
          db
            .updateTable('deposit_addresses')
            .set({ user_id: userId, assigned_at: now })
            .where('id', '=', free.id)
            .where('user_id', 'is', null)
            .executeTakeFirst(),
        ).catch((e: unknown) => {
          if (e instanceof UniqueViolation) return undefined;
          throw e;
        });
        if (taken?.numUpdatedRows === 1n) {
          const row = await own();
          if (row) return row.address;
        }
      }
    },
    addDepositAddresses: async (coin, network, addresses, now) => {
      let added = 0;
      for (let i = 0; i < addresses.length; i += 200) {
        const rows = addresses
          .slice(i, i + 200)
          .map((address) => ({ coin, network, address, user_id: null, assigned_at: null, created_at: now }));
        const r = await db
          .insertInto('deposit_addresses')
          .values(rows)
          .onConflict((oc) => oc.columns(['network', 'address']).doNothing())
          .executeTakeFirst();
        added += Number(r.numInsertedOrUpdatedRows ?? 0n);
      }
      return added;
    },
    depositAddressStock: async (coin, network) => {
      const rows = await db
        .selectFrom('deposit_addresses')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('all'),
          eb.fn.count<number | string>('user_id').as('taken'),
        ])
        .where('coin', '=', coin)
        .where('network', '=', network)
        .executeTakeFirstOrThrow();
      const taken = Number(rows.taken);
      return { free: Number(rows.all) - taken, taken };
    },

    insertDeposit: (d) =>
      guardUnique(async () => {
        const r = await db
          .insertInto('deposits')
          .values({
            user_id: d.userId,
            coin: d.coin,
            network: d.network,
            address: d.address,
            memo: d.memo,
            amount: d.amount.toString(),
            credited_amount: d.creditedAmount?.toString() ?? null,
            received_amount: d.receivedAmount?.toString() ?? null,
            tx_hash: d.txHash,
            request_key: d.requestKey,
            status: d.status,
            note: d.note,
            created_at: d.createdAt,
            updated_at: d.updatedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return r.id;
      }),
    deposit: deposits.byId,
    openDeposits: async (userId) =>
      Number(
        (
          await db
            .selectFrom('deposits')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('user_id', '=', userId)
            .where('status', 'in', ['pending', 'confirming'])
            .executeTakeFirstOrThrow()
        ).n,
      ),
    txHashJudged: async (network, txHash) =>
      (await db
        .selectFrom('deposits')
        .select('id')
        .where('network', '=', network)
        .where('tx_hash', '=', txHash)
        .where('received_amount', 'is not', null)
        .limit(1)
        .executeTakeFirst()) !== undefined,
    depositByKey: deposits.byKey,
    deposits: deposits.list,
    // A confirmation of a transaction another deposit was credited for breaks the index that allows
    // one credit a transaction (migration 026).
    transitionDeposit: (id, from, patch) =>
      guardUnique(() =>
        deposits.transition(id, from, {
          status: patch.status,
          updated_at: patch.updatedAt,
          ...(patch.creditedAmount !== undefined
            ? { credited_amount: patch.creditedAmount?.toString() ?? null }
            : {}),
          ...(patch.receivedAmount !== undefined
            ? { received_amount: patch.receivedAmount?.toString() ?? null }
            : {}),
          ...(patch.note !== undefined ? { note: patch.note } : {}),
        }),
      ),

    insertWithdrawal: (w) =>
      guardUnique(async () => {
        const r = await db
          .insertInto('withdrawals')
          .values({
            user_id: w.userId,
            coin: w.coin,
            network: w.network,
            address: w.address,
            memo: w.memo,
            amount: w.amount.toString(),
            fee: w.fee.toString(),
            status: w.status,
            request_key: w.requestKey,
            note: w.note,
            tx_hash: w.txHash,
            created_at: w.createdAt,
            updated_at: w.updatedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return r.id;
      }),
    withdrawal: withdrawals.byId,
    withdrawalByKey: withdrawals.byKey,
    withdrawals: withdrawals.list,
    transitionWithdrawal: (id, from, patch) =>
      withdrawals.transition(id, [from], {
        status: patch.status,
        updated_at: patch.updatedAt,
        ...(patch.note !== undefined ? { note: patch.note } : {}),
        ...(patch.txHash !== undefined ? { tx_hash: patch.txHash } : {}),
      }),

    addresses: async (userId) =>
      (
        await db
          .selectFrom('withdraw_addresses')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .execute()
      ).map(toAddress),
    findAddress: async (userId, a) => {
      const r = await db
        .selectFrom('withdraw_addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .where('coin', '=', a.coin)
        .where('network', '=', a.network)
        // Caseless addresses are saved in lower case, but entries saved before that rule kept the
        // case they were typed in (an EVM checksum): they are found all the same.
        .where(
          isCaselessAddress(a.network, a.address) ? sql<string>`lower(address)` : sql.ref('address'),
          '=',
          a.address,
        )
        .where('memo', '=', a.memo)
        .executeTakeFirst();
      return r ? toAddress(r) : undefined;
    },
    insertAddress: (a) =>
      guardUnique(async () => {
        const r = await db
          .insertInto('withdraw_addresses')
          .values({
            user_id: a.userId,
            coin: a.coin,
            network: a.network,
            address: a.address,
            memo: a.memo,
            remark: a.remark,
            created_at: a.createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return r.id;
      }),
    deleteAddress: async (userId, id) => {
      const r = await db
        .deleteFrom('withdraw_addresses')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return r.numDeletedRows === 1n;
    },
  };
};

/** The wallet's unit of work: its rows, the ledger and the audit log in one transaction. On SQLite
 * the transaction takes the write lock before its first read: a transaction that read first and
 * writes later fails at once (SQLITE_BUSY, no wait) when another process (the server, the CLI)
 * committed in between, while the lock taken up front waits for its turn. */
export const walletUnitOfWork = (db: Db, ledger: Ledger): WalletUnitOfWork => ({
  repo: walletRepo(db.kysely),
  transaction: (fn) =>
    transact(db.kysely, async (trx) => {
      if (db.engine === 'sqlite') await sql`update wallet_networks set sort = sort where 1 = 0`.execute(trx);
      return fn({
        repo: walletRepo(trx),
        post: (movements, now) => ledger.postIn(trx, movements, now),
        audit: auditRepo(trx),
      });
    }),
});
