import {
  ASSET_SCALE,
  CONTRACT_DIRECTIONS,
  CONTRACT_RESULTS,
  CONTRACT_STATUSES,
  directionName,
  resultName,
  statusName,
  type ContractConfigUpdate,
  type ContractInfo,
  type ContractListQuery,
  type ContractOrder,
  type ContractOrderRequest,
  type ContractPage,
  type ContractPairConfig,
  ledgerRef,
} from '../../../protocol';
import { AppError } from '../appError';
import { assertCanTrade } from '../accounts/flags';
import type { AuditRepo, UserRecord } from '../accounts/ports';
import { auditRow, type Actor } from '../operators/actor';
import { assertVerified } from '../accounts/userinfo';
import { transfer } from '../ledger/post';
import { SYSTEM_ACCOUNTS, type PostedEntry } from '../ledger/types';
import { parseExact } from '../money/scaled';
import { answerRepeated } from '../requestKeys';
import type { ContractStore, RunInTx, SettingsStore, TickReader } from './ports';
import { isFresh, pickCycle } from './rules';
import { toSettingsChange } from './settings';
import type { ContractRecord } from './types';
import { toWireOrder, toWirePair } from './view';

type ContractListener = (userId: number, order: ContractOrder) => void;

interface ContractDeps {
  runInTx: RunInTx;
  contracts: ContractStore;
  settings: SettingsStore;
  ticks: TickReader;
  /** Settings and their audit row in one transaction. */
  configureInTx: <T>(fn: (s: { settings: SettingsStore; audit: AuditRepo }) => Promise<T>) => Promise<T>;
  /** Writes the feed's buffered ticks to the tick store, so the opening tick is the newest one. */
  syncFeed: () => Promise<void>;
  /** Whether identity verification is required before trading (the site's switch). */
  certificationRequired: () => Promise<boolean>;
  /** Tells the balance listeners of committed ledger entries. */
  announce: (entries: readonly PostedEntry[]) => void;
  now: () => number;
  /** Length of one cycle minute: 60 000 in production; tests shorten it (CONTRACT_MINUTE_MS). */
  minuteMs: number;
  /** The newest recorded tick must be at most this old to open a contract. */
  openTickMaxAgeMs: number;
}

export type ContractUser = Pick<UserRecord, 'id' | 'certification' | 'tradingDisabled' | 'locked'>;

const nameMap = <K extends string>(keys: readonly K[], name: (k: K) => string) =>
  Object.fromEntries(keys.map((k) => [k, name(k)])) as Record<K, string>;

/** Whether a contract is the one a request asks for: the rate may have moved since, and the first
 * contract stands at its own. */
const sameContract = (req: ContractOrderRequest) => (c: ContractRecord) =>
  c.pair === req.pair &&
  c.direction === req.direction &&
  c.cycleMinutes === req.cycle &&
  c.amount === parseExact(req.amount, ASSET_SCALE);

export const createContractService = (deps: ContractDeps) => {
  const listeners = new Set<ContractListener>();
  const publish = (records: readonly ContractRecord[]) => {
    for (const r of records) {
      const order = toWireOrder(r);
      for (const l of listeners) l(r.userId, order);
    }
  };

  /** Opens a contract: checks, debits the amount to the house with the contract row in one
   * transaction, then publishes. A request key seen before answers the first contract
   * (`answerRepeated`). */
  const place = async (user: ContractUser, req: ContractOrderRequest): Promise<ContractOrder> => {
    const earlier = await deps.contracts.byRequestKey(user.id, req.requestKey);
    if (earlier) return toWireOrder(answerRepeated(earlier, sameContract(req)));
    assertCanTrade(user);
    await assertVerified(user.certification, deps.certificationRequired);
    const settings = await deps.settings.get(req.pair);
    if (!settings) throw new AppError('currency_not_exist', { field: 'pair' });
    const amount = parseExact(req.amount, ASSET_SCALE);
    if (amount === null) throw new AppError('amount_invalid', { field: 'amount' });
    const rateBp = parseExact(req.rate, 2);
    if (rateBp === null) throw new AppError('parameter_error', { field: 'rate' });
    const cycle = pickCycle(settings, { minutes: req.cycle, rateBp: Number(rateBp), amount });

    await deps.syncFeed();
    const openAt = deps.now();
    const openTick = await deps.ticks.atOrBefore(req.pair, openAt);
    if (!isFresh(openTick, openAt, deps.openTickMaxAgeMs)) throw new AppError('price_abnormal');

    const record = {
      userId: user.id,
      requestKey: req.requestKey,
      pair: req.pair,
      asset: settings.asset,
      direction: req.direction,
      cycleMinutes: cycle.minutes,
      rateBp: cycle.rateBp,
      amount,
      openAt,
      closeAt: openAt + cycle.minutes * deps.minuteMs,
      openTick,
    };
    let placed: { id: number; entries: PostedEntry[] };
    try {
      placed = await deps.runInTx(async (tx) => {
        const id = await tx.contracts.insert(record);
        const movements = transfer(
          user.id,
          SYSTEM_ACCOUNTS.house,
          settings.asset,
          amount,
          'app.data.contract_open',
          ledgerRef('contract', id),
        );
        return { id, entries: await tx.post(movements, openAt) };
      });
    } catch (e) {
      // The same key raced in from a second request: that one won, answer it.
      const winner = await deps.contracts.byRequestKey(user.id, req.requestKey);
      if (winner) return toWireOrder(answerRepeated(winner, sameContract(req)));
      throw e;
    }
    deps.announce(placed.entries);
    const stored = (await deps.contracts.byId(placed.id))!;
    publish([stored]);
    return toWireOrder(stored);
  };

  const info = async (): Promise<ContractInfo> => ({
    pairs: (await deps.settings.all()).filter((p) => p.enabled && p.cycles.length > 0).map(toWirePair),
    directionname: nameMap(CONTRACT_DIRECTIONS, directionName),
    statusname: nameMap(CONTRACT_STATUSES, statusName),
    resultname: nameMap(CONTRACT_RESULTS, resultName),
    serverTime: deps.now(),
  });

  const list = async (userId: number, q: ContractListQuery): Promise<ContractPage> => {
    const { rows, total } = await deps.contracts.list(userId, q.state, {
      offset: (q.page - 1) * q.size,
      limit: q.size,
      before: q.before,
    });
    return { list: rows.map(toWireOrder), page: q.page, size: q.size, total };
  };

  const detail = async (userId: number, id: number): Promise<ContractOrder> => {
    const c = await deps.contracts.byId(id);
    // Someone else's contract does not exist, as far as this reader can tell.
    if (!c || c.userId !== userId) throw new AppError('contract_not_exist');
    return toWireOrder(c);
  };

  /** Every listed pair's settings, enabled or not (operators). */
  const settingsList = async (): Promise<ContractPairConfig[]> => (await deps.settings.all()).map(toWirePair);

  /** Switches a pair on or off or replaces its cycles, with an audit row. Contracts already open
   * keep the rate and limits they were placed with. */
  const configure = async (actor: Actor, update: ContractConfigUpdate): Promise<ContractPairConfig> => {
    const change = toSettingsChange(update);
    return deps.configureInTx(async ({ settings, audit }) => {
      const before = await settings.get(update.pair);
      if (!before) throw new AppError('currency_not_exist', { field: 'pair' });
      await settings.save(update.pair, change, deps.now());
      const after = (await settings.get(update.pair))!;
      await audit.insert(
        auditRow(
          actor,
          {
            action: 'contract.configure',
            target: `pair:${update.pair}`,
            before: toWirePair(before),
            after: toWirePair(after),
          },
          deps.now(),
        ),
      );
      return toWirePair(after);
    });
  };

  return {
    place,
    info,
    list,
    detail,
    settingsList,
    configure,
    publish,
    onChange(listener: ContractListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
};

export type ContractService = ReturnType<typeof createContractService>;
