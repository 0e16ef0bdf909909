import { keptReason, reviewReasonSchema } from '../../../protocol/reviewReasons';
import {
  ADMIN_PAGE_SIZE_MAX,
  ASSET_SCALE,
  CODE,
  DEPOSIT_BELOW_MIN,
  type AddressRequest,
  type AdminPageQuery,
  type AdminDeposit,
  type AdminWithdrawal,
  type Deposit,
  type DepositRequest,
  type DepositState,
  type GlobalConfig,
  type NetworkConfigPatch,
  type RecordQuery,
  type WalletNetwork,
  type Withdrawal,
  type WithdrawAddress,
  type WithdrawRequest,
  type WithdrawState,
  type DepositAddress,
  type DepositAddressRequest,
  addressProblem,
  canonicalAddress,
  canonicalTxHash,
  coinAmountProblem,
  errorKey,
  memoRequired,
  type AuditTarget,
} from '../../../protocol';
import { AppError } from '../appError';
import { assertCanWithdraw } from '../accounts/flags';
import { UniqueViolation, type UserRecord } from '../accounts/ports';
import { assertVerified } from '../accounts/userinfo';
import { answerRepeated } from '../requestKeys';
import type { PostedEntry } from '../ledger/types';
import { formatUnits } from '../ledger/ledger';
import { plainUnits } from '../money/plain';
import { parseExact } from '../money/scaled';
import { auditRow, type Actor } from '../operators/actor';
import { configProblem, depositWithinLimits, fitsDecimals, withdrawLimitProblem } from './limits';
import { depositMemo } from './memo';
import { creditDeposit, freezeWithdrawal, releaseWithdrawal, settleWithdrawal } from './movements';
import type { WalletTx, WalletUnitOfWork } from './ports';
import type { DepositRecord, NetworkConfig, WithdrawalRecord } from './types';
import { operatorWatcher, type ChainWatcher, type DepositSettler } from './watcher';
import { addressToWire, depositToWire, networkToWire, withdrawalToWire } from './wire';

export interface WalletDeps {
  uow: WalletUnitOfWork;
  /** Pushes committed balance changes to their owners (the ledger's announce). */
  announce: (entries: readonly PostedEntry[]) => void;
  clock: () => number;
  siteConfig: () => Promise<Pick<GlobalConfig, 'certification' | 'thirdPartyWithdrawalAddress'>>;
  /** withdraw_pwd_not_set or withdraw_pwd_incorrect unless set and right (the account rules,
   * throttled like logins). */
  checkWithdrawPassword: (userId: number, password: string) => Promise<void>;
  /** The chain watcher, given what it may do to deposits; the operator when absent. */
  watcher?: (settler: DepositSettler) => ChainWatcher;
}

/** The automatic actor of a chain watcher, as the audit log names it. */
const WATCHER_ACTOR: Actor = { operatorId: null, name: 'watcher' };

const OPEN_DEPOSIT: readonly DepositState[] = ['pending', 'confirming'];

/** An amount of a coin as typed, in 10^-8 units, refused as the wire schemas refuse it. */
const units = (amount: string): bigint => {
  const problem = coinAmountProblem(amount);
  if (problem === errorKey('amount_decimals')) throw new AppError('amount_decimals', { field: 'amount' });
  if (problem) throw new AppError('amount_invalid');
  return parseExact(amount, ASSET_SCALE)!;
};

/** An amount a user means to move on a network: no finer than the network carries, or the chain
 * could not move it as booked. */
const onChain = (amount: bigint, net: NetworkConfig): bigint => {
  if (!fitsDecimals(amount, net)) throw new AppError('amount_decimals', { field: 'amount' });
  return amount;
};

/** Whether a declaration is the one a request makes: the address is the reader's own either way. */
const sameDeposit = (req: DepositRequest & { coin: string }) => (d: DepositRecord) =>
  d.coin === req.coin &&
  d.network === req.network &&
  d.amount === parseExact(req.amount, ASSET_SCALE) &&
  d.txHash === (req.txHash === undefined ? null : canonicalTxHash(req.network, req.txHash));

/** Whether a withdrawal is the one a request asks for (the password and the fee shown aside: they
 * were checked when it was made). */
const sameWithdrawal = (req: WithdrawRequest & { coin: string }) => (w: WithdrawalRecord) =>
  w.coin === req.coin &&
  w.network === req.network &&
  w.address === canonicalAddress(req.network, req.address) &&
  w.memo === (req.memo ?? '') &&
  w.amount === parseExact(req.amount, ASSET_SCALE);

/** Deposits one account may have waiting for review at once. */
export const MAX_OPEN_DEPOSITS = 10;

const pageOf = (q: AdminPageQuery) => ({ offset: (q.page - 1) * q.size, limit: q.size });
const ADMIN_FIRST_PAGE: AdminPageQuery = { page: 1, size: ADMIN_PAGE_SIZE_MAX };

const audit = (
  tx: WalletTx,
  actor: Actor,
  action: string,
  target: AuditTarget,
  before: unknown,
  after: unknown,
  now: number,
) => tx.audit.insert(auditRow(actor, { action, target, before, after }, now));

/** What an audit row keeps of a deposit or a withdrawal: what was decided and on what grounds, the
 * amounts as the records and the CLI write them. An auditor reads the row alone: in ledger units
 * 70 USDT read as 7000000000, and a rejection's reason or a payout's transaction hash was only on
 * the record. */
const depositFacts = (d: DepositRecord) => ({
  userId: d.userId,
  coin: d.coin,
  network: d.network,
  status: d.status,
  amount: formatUnits(d.amount),
  creditedAmount: d.creditedAmount === null ? null : formatUnits(d.creditedAmount),
  receivedAmount: d.receivedAmount === null ? null : formatUnits(d.receivedAmount),
  txHash: d.txHash,
  note: d.note,
});
const withdrawalFacts = (w: WithdrawalRecord) => ({
  userId: w.userId,
  coin: w.coin,
  network: w.network,
  address: w.address,
  memo: w.memo,
  status: w.status,
  amount: formatUnits(w.amount),
  fee: formatUnits(w.fee),
  txHash: w.txHash,
  note: w.note,
});

/** A network's deposit limits, as a refusal for being outside them carries them (as pledges and
 * contracts do), for the app and the operator to say what they are. */
const depositLimits = (net: NetworkConfig) => ({
  min: plainUnits(net.minDeposit),
  max: plainUnits(net.maxDeposit),
});

/**
 * The wallet rules: deposits credited once on confirmation, withdrawals frozen on submit and spent
 * or released by review, the withdrawal address book, and the operator's per-network settings.
 * Every money movement goes through the ledger in the same transaction as the status change that
 * causes it; operator actions write their audit row in that transaction too.
 */
export const createWallet = (deps: WalletDeps) => {
  const { uow, clock } = deps;

  const openNetwork = async (coin: string, network: string, kind: 'deposit' | 'withdraw') => {
    const all = await uow.repo.networks();
    if (!all.some((n) => n.coin === coin)) throw new AppError('currency_not_exist');
    const net = all.find((n) => n.coin === coin && n.network === network);
    // The coin is not on that network at all: a wrong request, not a door the operator closed.
    if (!net) throw new AppError('parameter_error', { field: 'network' });
    const open = kind === 'deposit' ? net.depositEnabled : net.withdrawEnabled;
    if (!open) throw new AppError(kind === 'deposit' ? 'deposit_not_opened' : 'withdraw_not_opened');
    return net;
  };

  const commit = async <T>(fn: (tx: WalletTx, posted: PostedEntry[]) => Promise<T>): Promise<T> => {
    let posted: PostedEntry[] = [];
    // Made afresh on every run: a transaction run again after a transient failure posts again.
    const result = await uow.transaction((tx) => fn(tx, (posted = [])));
    deps.announce(posted);
    return result;
  };

  // Deposits.

  const transitionDeposit = async (
    actor: Actor,
    id: number,
    decide: (
      d: DepositRecord,
      net: NetworkConfig | undefined,
    ) => {
      status: DepositState;
      credit: bigint | null;
      /** What the chain showed; none when nothing arrived. */
      received: bigint | null;
      note: string | null;
    },
  ): Promise<AdminDeposit> =>
    commit(async (tx, posted) => {
      const d = await tx.repo.deposit(id);
      if (!d || !OPEN_DEPOSIT.includes(d.status)) throw new AppError('record_not_found');
      const now = clock();
      const next = decide(d, await tx.repo.network(d.coin, d.network));
      const moved = await tx.repo
        .transitionDeposit(id, OPEN_DEPOSIT, {
          status: next.status,
          updatedAt: now,
          note: next.note,
          ...(next.status === 'success' || next.status === 'fail'
            ? { creditedAmount: next.credit ?? 0n, receivedAmount: next.received }
            : {}),
        })
        .catch((e: unknown) => {
          // Another user's declaration of the same transaction was credited: the chain paid one of
          // them, and it is not this one.
          throw e instanceof UniqueViolation ? new AppError('tx_hash_used') : e;
        });
      // Another confirmation won the row: it has credited the deposit, this one must not.
      if (!moved) throw new AppError('record_not_found');
      if (next.status === 'success' && next.credit)
        posted.push(...(await tx.post(creditDeposit(d, next.credit), now)));
      const after = (await tx.repo.deposit(id))!;
      await audit(
        tx,
        actor,
        `deposit.${next.status}`,
        `deposit:${id}`,
        depositFacts(d),
        depositFacts(after),
        now,
      );
      return { ...depositToWire(after), userId: after.userId };
    });

  /** Confirms a deposit with the amount the chain shows (the declared one by default), which the
   * record keeps. Below the network's minimum it is marked failed and not credited (spec §5:
   * neither credited nor refunded). Above its maximum it is refused and nothing changes: that is
   * far more often a mistyped amount than a real transfer, and an operator who finds it real
   * raises the maximum first. */
  /** Confirms a deposit at `amount` when the chain shows another than the user declared. More than
   * declared is credited only when the operator says it is meant (`moreThanDeclared`): a slipped
   * digit would credit ten times what arrived, and a credit is not taken back. */
  const confirmDeposit = (actor: Actor, id: number, amount?: string, moreThanDeclared = false) =>
    transitionDeposit(actor, id, (d, net) => {
      const received = amount === undefined ? d.amount : units(amount);
      if (net && amount !== undefined && !fitsDecimals(received, net))
        throw new AppError('amount_decimals', { field: 'amount' });
      if (net && received > net.maxDeposit) throw new AppError('outside_limit', depositLimits(net));
      if (received > d.amount && !moreThanDeclared)
        throw new AppError('more_than_declared', { field: 'amount', value: plainUnits(d.amount) });
      if (net && received < net.minDeposit)
        return { status: 'fail', credit: 0n, received, note: DEPOSIT_BELOW_MIN };
      return { status: 'success', credit: received, received, note: null };
    });

  // A reason the user reads is held to the API's rules whoever gives it (the CLI too): 1 to 200
  // characters, no hidden or direction-reversing marks.
  const failDeposit = (actor: Actor, id: number, reason: string) => {
    const note = keptReason('deposit', reviewReasonSchema('deposit').parse(reason));
    return transitionDeposit(actor, id, () => ({ status: 'fail', credit: 0n, received: null, note }));
  };

  const markConfirming = async (id: number) => {
    await uow.repo.transitionDeposit(id, ['pending'], { status: 'confirming', updatedAt: clock() });
  };

  const watcher = (deps.watcher ?? operatorWatcher)({
    markConfirming,
    confirm: async (id) => {
      try {
        await confirmDeposit(WATCHER_ACTOR, id);
      } catch (err) {
        // An operator settled it first (confirmed or failed): the chain has nothing left to say. Or
        // its transaction was credited to another user's declaration of it: the operator, who
        // credited that one, fails this one.
        if (!(err instanceof AppError && ['record_not_found', 'tx_hash_used'].includes(err.errorName)))
          throw err;
      }
    },
  });

  /**
   * Where an account deposits on a network. A memo network has one address for everyone and tells
   * deposits apart by each account's memo; any other network gives each account an address of its
   * own from the operator's pool, taken the first time, so that a transfer to it can only be the
   * account's: on one address shared by all, whoever declared a transaction first was credited.
   */
  const depositTarget = async (userId: number, net: NetworkConfig): Promise<DepositAddress> => {
    const memo = depositMemo(net, userId);
    if (memoRequired(net.network)) return { address: net.depositAddress, memo };
    const address = await uow.repo.takeDepositAddress(userId, net.coin, net.network, clock());
    if (!address) throw new AppError('deposit_address_unavailable');
    return { address, memo };
  };

  const submitDeposit = async (
    user: UserRecord,
    req: DepositRequest & { coin: string },
  ): Promise<Deposit> => {
    // A repeated declaration answers the deposit its key already made (`answerRepeated`).
    const byKey = async () => {
      const made =
        req.requestKey === undefined ? undefined : await uow.repo.depositByKey(user.id, req.requestKey);
      return made && answerRepeated(made, sameDeposit(req));
    };
    const earlier = await byKey();
    if (earlier) return depositToWire(earlier);
    // Each open declaration waits in the operators' queue: one account may not fill it. Counted
    // before the insert, so declarations racing in at once may pass it by a few.
    if ((await uow.repo.openDeposits(user.id)) >= MAX_OPEN_DEPOSITS)
      throw new AppError('too_many_open_deposits', { max: MAX_OPEN_DEPOSITS });
    const net = await openNetwork(req.coin, req.network, 'deposit');
    const amount = onChain(units(req.amount), net);
    if (!depositWithinLimits(amount, net)) throw new AppError('outside_limit', depositLimits(net));
    const target = await depositTarget(user.id, net);
    const now = clock();
    const txHash = req.txHash === undefined ? null : canonicalTxHash(net.network, req.txHash);
    // A transfer an operator has read off the chain is settled, even one that failed for being
    // below the minimum: declared again with another amount, it would be credited that amount.
    if (txHash && (await uow.repo.txHashJudged(net.network, txHash))) throw new AppError('tx_hash_used');
    const record: Omit<DepositRecord, 'id'> = {
      userId: user.id,
      coin: net.coin,
      network: net.network,
      address: target.address,
      memo: target.memo,
      amount,
      creditedAmount: null,
      receivedAmount: null,
      txHash,
      // A transaction hash means the transfer is on its way: it waits for confirmations.
      status: txHash ? 'confirming' : 'pending',
      note: null,
      createdAt: now,
      updatedAt: now,
      requestKey: req.requestKey ?? null,
    };
    let id: number;
    try {
      id = await uow.repo.insertDeposit(record);
    } catch (e) {
      // The same key raced in from a second request: that one won, answer it.
      const winner = await byKey();
      if (winner) return depositToWire(winner);
      // One chain transaction backs one deposit: a second would be credited for the same coins. A
      // deposit failed unread (declared wrong, never arrived) lets its hash go, for the transfer to
      // be declared again the right way.
      throw e instanceof UniqueViolation ? new AppError('tx_hash_used') : e;
    }
    watcher.watch({ ...record, id }, user.username);
    return depositToWire({ ...record, id });
  };

  // Withdrawals.

  const submitWithdrawal = async (
    user: UserRecord,
    req: WithdrawRequest & { coin: string },
  ): Promise<Withdrawal> => {
    // A retried submit answers the withdrawal its key already made (`answerRepeated`).
    const earlier = await uow.repo.withdrawalByKey(user.id, req.requestKey);
    if (earlier) return withdrawalToWire(answerRepeated(earlier, sameWithdrawal(req)));
    const now = clock();
    assertCanWithdraw(user, now);
    await assertVerified(user.certification, async () => (await deps.siteConfig()).certification);
    const net = await openNetwork(req.coin, req.network, 'withdraw');
    // The operator changed the fee after the form showed it: the user agreed to another one.
    if (req.fee !== undefined && parseExact(req.fee, ASSET_SCALE) !== net.withdrawFee)
      throw new AppError('fee_changed', { fee: plainUnits(net.withdrawFee) });
    const memo = req.memo ?? '';
    const address = canonicalAddress(net.network, req.address);
    if (!(await deps.siteConfig()).thirdPartyWithdrawalAddress) {
      const saved = await uow.repo.findAddress(user.id, {
        coin: net.coin,
        network: net.network,
        address,
        memo,
      });
      if (!saved) throw new AppError('no_permission');
    }
    const amount = onChain(units(req.amount), net);
    const limit = withdrawLimitProblem(amount, net);
    if (limit)
      throw new AppError(
        limit.message === 'app.msg.withdraw_min' ? 'withdraw_min' : 'withdraw_max',
        limit,
        CODE.withdrawLimit,
      );
    await deps.checkWithdrawPassword(user.id, req.password);
    const record: Omit<WithdrawalRecord, 'id'> = {
      userId: user.id,
      coin: net.coin,
      network: net.network,
      address,
      memo,
      amount,
      fee: net.withdrawFee,
      status: 'pending',
      requestKey: req.requestKey,
      note: null,
      txHash: null,
      createdAt: now,
      updatedAt: now,
    };
    try {
      return await commit(async (tx, posted) => {
        const id = await tx.repo.insertWithdrawal(record);
        posted.push(...(await tx.post(freezeWithdrawal(record, id), now)));
        return withdrawalToWire({ ...record, id });
      });
    } catch (e) {
      // The same key raced in from a second request: the first one stands.
      if (e instanceof UniqueViolation) {
        const first = await uow.repo.withdrawalByKey(user.id, req.requestKey);
        if (first) return withdrawalToWire(answerRepeated(first, sameWithdrawal(req)));
      }
      throw e;
    }
  };

  /** Reviews a pending withdrawal: approve spends the frozen amount (fee to the fee account);
   * reject or fail releases it. Anything but a pending one → record_not_found. */
  const review = (
    actor: Actor,
    id: number,
    status: Exclude<WithdrawState, 'pending'>,
    extra: { note?: string; txHash?: string },
  ): Promise<AdminWithdrawal> =>
    commit(async (tx, posted) => {
      const w = await tx.repo.withdrawal(id);
      if (!w || w.status !== 'pending') throw new AppError('record_not_found');
      const now = clock();
      const moved = await tx.repo.transitionWithdrawal(id, 'pending', {
        status,
        updatedAt: now,
        ...(extra.note !== undefined ? { note: extra.note } : {}),
        // Written as deposits keep it, so one transfer reads the same on every record. One
        // transfer may pay several withdrawals (a batched payout), so it is not held to one.
        ...(extra.txHash !== undefined ? { txHash: canonicalTxHash(w.network, extra.txHash) } : {}),
      });
      if (!moved) throw new AppError('record_not_found');
      posted.push(...(await tx.post(status === 'success' ? settleWithdrawal(w) : releaseWithdrawal(w), now)));
      const after = (await tx.repo.withdrawal(id))!;
      await audit(
        tx,
        actor,
        `withdrawal.${status}`,
        `withdrawal:${id}`,
        withdrawalFacts(w),
        withdrawalFacts(after),
        now,
      );
      return { ...withdrawalToWire(after), userId: after.userId };
    });

  // The address book.

  const addAddress = async (
    userId: number,
    req: AddressRequest & { coin: string },
  ): Promise<WithdrawAddress> => {
    await openNetwork(req.coin, req.network, 'withdraw');
    const record = {
      userId,
      coin: req.coin,
      network: req.network,
      address: canonicalAddress(req.network, req.address),
      memo: req.memo ?? '',
      remark: req.remark ?? '',
      createdAt: clock(),
    };
    if (await uow.repo.findAddress(userId, record)) throw new AppError('withdraw_address_used');
    await deps.checkWithdrawPassword(userId, req.password);
    try {
      return addressToWire({ ...record, id: await uow.repo.insertAddress(record) });
    } catch (e) {
      if (e instanceof UniqueViolation) throw new AppError('withdraw_address_used');
      throw e;
    }
  };

  // Operator settings.

  const updateNetwork = (
    actor: Actor,
    patch: NetworkConfigPatch & { coin: string },
  ): Promise<WalletNetwork> =>
    commit(async (tx) => {
      const before = await tx.repo.network(patch.coin, patch.network);
      if (!before) throw new AppError('record_not_found');
      const optional = (v: string | undefined, fallback: bigint) =>
        v === undefined ? fallback : parseExact(v, ASSET_SCALE)!;
      const next: NetworkConfig = {
        ...before,
        depositAddress: patch.depositAddress ?? before.depositAddress,
        memo: patch.memo ?? before.memo,
        minDeposit: optional(patch.minDeposit, before.minDeposit),
        maxDeposit: optional(patch.maxDeposit, before.maxDeposit),
        minWithdraw: optional(patch.minWithdraw, before.minWithdraw),
        maxWithdraw: optional(patch.maxWithdraw, before.maxWithdraw),
        withdrawFee: optional(patch.withdrawFee, before.withdrawFee),
        depositEnabled: patch.depositEnabled ?? before.depositEnabled,
        withdrawEnabled: patch.withdrawEnabled ?? before.withdrawEnabled,
        decimals: patch.decimals ?? before.decimals,
      };
      // Only an address being set is checked: the demo's, kept until an operator sets a real one,
      // fail the chains' checksums on purpose.
      const problem =
        configProblem(next) ??
        (patch.depositAddress !== undefined && addressProblem(next.network, patch.depositAddress)
          ? 'depositAddress is not an address of the network'
          : null);
      if (problem) throw new AppError('parameter_error', { reason: problem });
      const now = clock();
      await tx.repo.saveNetwork(next, now);
      await audit(
        tx,
        actor,
        'wallet.network',
        `network:${next.coin}:${next.network}`,
        networkToWire(before),
        networkToWire(next),
        now,
      );
      return networkToWire(next);
    });

  return {
    /** Every coin and network as configured (the operator's view). */
    networks: async () => (await uow.repo.networks()).map(networkToWire),
    /** Every coin and network as one user deposits on it: with their own memo. */
    networksFor: async (userId: number) => {
      const own = new Map(
        (await uow.repo.depositAddressesOf(userId)).map((a) => [`${a.coin} ${a.network}`, a.address]),
      );
      return (await uow.repo.networks()).map((n) => ({
        ...networkToWire(n),
        depositAddress: memoRequired(n.network)
          ? n.depositAddress
          : (own.get(`${n.coin} ${n.network}`) ?? ''),
        memo: depositMemo(n, userId),
      }));
    },
    depositAddress: async (user: UserRecord, req: DepositAddressRequest) =>
      depositTarget(user.id, await openNetwork(req.coin, req.network, 'deposit')),
    addDepositAddresses: async (
      actor: Actor,
      coin: string,
      network: string,
      addresses: readonly string[],
    ) => {
      const net = await uow.repo.network(coin, network);
      if (!net) throw new AppError('currency_not_exist');
      if (memoRequired(net.network)) throw new AppError('parameter_error', { field: 'network' });
      const bad = addresses.find((a) => addressProblem(net.network, a) !== null);
      if (bad !== undefined) throw new AppError('address_invalid', { field: 'address', value: bad });
      return uow.transaction(async (tx) => {
        const now = clock();
        const kept = addresses.map((a) => canonicalAddress(net.network, a));
        const added = await tx.repo.addDepositAddresses(net.coin, net.network, kept, now);
        const target: AuditTarget = `wallet_network:${net.coin}:${net.network}`;
        await audit(
          tx,
          actor,
          'wallet.deposit_addresses.add',
          target,
          null,
          { offered: addresses.length, added },
          now,
        );
        return added;
      });
    },
    depositAddressStock: (coin: string, network: string) => uow.repo.depositAddressStock(coin, network),
    submitDeposit,
    deposits: async (userId: number, q: RecordQuery) =>
      (await uow.repo.deposits({ userId }, pageOf(q))).map(depositToWire),
    /** One of the user's deposits by its id, however many are newer; another's is as none. */
    deposit: async (userId: number, id: number) => {
      const d = await uow.repo.deposit(id);
      if (d?.userId !== userId) throw new AppError('record_not_found');
      return depositToWire(d);
    },
    confirmDeposit,
    failDeposit,
    submitWithdrawal,
    withdrawals: async (userId: number, q: RecordQuery) =>
      (await uow.repo.withdrawals({ userId }, pageOf(q))).map(withdrawalToWire),
    approveWithdrawal: (actor: Actor, id: number, txHash?: string) =>
      review(actor, id, 'success', txHash ? { txHash } : {}),
    rejectWithdrawal: (actor: Actor, id: number, reason: string) =>
      review(actor, id, 'rejected', {
        note: keptReason('withdrawal', reviewReasonSchema('withdrawal').parse(reason)),
      }),
    failWithdrawal: (actor: Actor, id: number, reason: string) =>
      review(actor, id, 'failed', {
        note: keptReason('withdrawal', reviewReasonSchema('withdrawal').parse(reason)),
      }),
    addresses: async (userId: number) => (await uow.repo.addresses(userId)).map(addressToWire),
    addAddress,
    deleteAddress: async (userId: number, id: number) => {
      if (!(await uow.repo.deleteAddress(userId, id))) throw new AppError('record_not_found');
    },
    /** Deposits of a status for operators: those waiting for review (pending, confirming) oldest
     * first, as they are to be reviewed, so none waits unseen behind newer ones; the rest newest
     * first. */
    adminDeposits: async (
      status?: DepositState,
      page: AdminPageQuery = ADMIN_FIRST_PAGE,
    ): Promise<AdminDeposit[]> =>
      (
        await uow.repo.deposits(
          { status, oldestFirst: status === 'pending' || status === 'confirming' },
          pageOf(page),
        )
      ).map((d) => ({ ...depositToWire(d), userId: d.userId })),
    /** Withdrawals of a status for operators: pending ones oldest first, the rest newest first. */
    adminWithdrawals: async (
      status?: WithdrawState,
      page: AdminPageQuery = ADMIN_FIRST_PAGE,
    ): Promise<AdminWithdrawal[]> =>
      (await uow.repo.withdrawals({ status, oldestFirst: status === 'pending' }, pageOf(page))).map((w) => ({
        ...withdrawalToWire(w),
        userId: w.userId,
      })),
    /** One deposit as operators see it, whatever its status; null when there is none. */
    adminDeposit: async (id: number): Promise<AdminDeposit | null> => {
      const d = await uow.repo.deposit(id);
      return d ? { ...depositToWire(d), userId: d.userId } : null;
    },
    /** One withdrawal as operators see it, whatever its status; null when there is none. */
    adminWithdrawal: async (id: number): Promise<AdminWithdrawal | null> => {
      const w = await uow.repo.withdrawal(id);
      return w ? { ...withdrawalToWire(w), userId: w.userId } : null;
    },
    updateNetwork,
    stop: () => watcher.stop(),
  };
};

export type Wallet = ReturnType<typeof createWallet>;
