import type { Kysely, Selectable } from 'kysely';
import type { ContractDirection, ContractResult, ContractStatus } from '../../../protocol';
import type { ContractStore, SettingsStore, TickReader } from '../../domain/contracts/ports';
import type { ContractRecord, CycleSettings, PairSettings } from '../../domain/contracts/types';
import { pairName } from '../../domain/contracts/view';
import { tickAtOrBefore } from '../../market/tickStore';
import type { ContractTable, Database } from '../schema';

const OPEN: ContractStatus[] = ['pending', 'closing'];
/** Rows per `in (…)` list: well under either engine's parameter limit. */
const CHUNK = 500;

const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

const fromRow = (r: Selectable<ContractTable>): ContractRecord => ({
  id: r.id,
  userId: r.user_id,
  requestKey: r.request_key,
  pair: r.pair,
  asset: r.asset,
  direction: r.direction as ContractDirection,
  cycleMinutes: r.cycle_minutes,
  rateBp: r.rate_bp,
  amount: BigInt(r.amount),
  status: r.status as ContractStatus,
  result: r.result as ContractResult | null,
  payout: r.payout === null ? null : BigInt(r.payout),
  openAt: Number(r.open_at),
  closeAt: Number(r.close_at),
  openTick: {
    id: Number(r.open_tick_id),
    ts: Number(r.open_tick_ts),
    price: r.open_price,
    source: r.open_source,
  },
  closeTick:
    r.close_tick_id === null
      ? null
      : {
          id: Number(r.close_tick_id),
          ts: Number(r.close_tick_ts),
          price: r.close_price!,
          source: r.close_source!,
        },
  settledAt: r.settled_at === null ? null : Number(r.settled_at),
});

/** The recorded feed, as settlement reads it. */
export const tickReader = (db: Kysely<Database>): TickReader => ({
  atOrBefore: async (pair, ts) => {
    const t = await tickAtOrBefore(db, pair, ts);
    return t && { id: Number(t.id), ts: Number(t.ts), price: t.price, source: t.source };
  },
});

export const contractStore = (db: Kysely<Database>): ContractStore => ({
  insert: async (c) => {
    const row = await db
      .insertInto('contracts')
      .values({
        user_id: c.userId,
        request_key: c.requestKey,
        pair: c.pair,
        asset: c.asset,
        direction: c.direction,
        cycle_minutes: c.cycleMinutes,
        rate_bp: c.rateBp,
        amount: c.amount.toString(),
        status: 'pending',
        open_at: c.openAt,
        close_at: c.closeAt,
        open_tick_id: c.openTick.id,
        open_tick_ts: c.openTick.ts,
        open_price: c.openTick.price,
        open_source: c.openTick.source,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  byRequestKey: async (userId, requestKey) => {
    const r = await db
      .selectFrom('contracts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
    return r && fromRow(r);
  },
  byId: async (id) => {
    const r = await db.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirst();
    return r && fromRow(r);
  },
  byIds: async (ids) => {
    const rows = [];
    for (const part of chunks(ids))
      rows.push(...(await db.selectFrom('contracts').selectAll().where('id', 'in', part).execute()));
    return rows.sort((a, b) => a.id - b.id).map(fromRow);
  },
  due: async (cutoff, limit) =>
    (
      await db
        .selectFrom('contracts')
        .select('id')
        .where('status', 'in', OPEN)
        .where('close_at', '<=', cutoff)
        .orderBy('close_at')
        .orderBy('id')
        .limit(limit)
        .execute()
    ).map((r) => r.id),
  markClosing: async (ids) => {
    for (const part of chunks(ids)) {
      await db
        .updateTable('contracts')
        .set({ status: 'closing' })
        .where('id', 'in', part)
        .where('status', '=', 'pending')
        .execute();
    }
  },
  complete: async (id, s) => {
    const res = await db
      .updateTable('contracts')
      .set({
        status: 'completed',
        result: s.result,
        payout: s.payout.toString(),
        close_tick_id: s.closeTick?.id ?? null,
        close_tick_ts: s.closeTick?.ts ?? null,
        close_price: s.closeTick?.price ?? null,
        close_source: s.closeTick?.source ?? null,
        settled_at: s.settledAt,
      })
      .where('id', '=', id)
      .where('status', '!=', 'completed')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },
  nextCloseAt: async () => {
    // One indexed seek per status: an `in (…)` here would sort every open contract.
    const firsts = await Promise.all(
      OPEN.map((status) =>
        db
          .selectFrom('contracts')
          .select('close_at')
          .where('status', '=', status)
          .orderBy('close_at')
          .limit(1)
          .executeTakeFirst(),
      ),
    );
    const times = firsts.flatMap((r) => (r ? [Number(r.close_at)] : []));
    return times.length > 0 ? Math.min(...times) : undefined;
  },
  list: async (userId, state, page) => {
    const q = db
      .selectFrom('contracts')
      .where('user_id', '=', userId)
      .where('status', state === 'open' ? 'in' : 'not in', OPEN);
    const listed = page.before === undefined ? q : q.where('id', '<', page.before);
    const [rows, count] = await Promise.all([
      listed.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(fromRow), total: Number(count.n) };
  },
});

/** Contract settings of every listed pair: a listed pair with no row is off and has no cycles. */
export const settingsStore = (db: Kysely<Database>): SettingsStore => {
  const load = async (pair?: string): Promise<PairSettings[]> => {
    let pairs = db.selectFrom('pairs').select(['tradecoin', 'settlecoin']).where('enabled', '=', 1);
    let cq = db.selectFrom('contract_cycles').selectAll();
    let sq = db.selectFrom('contract_pairs').selectAll();
    if (pair) {
      cq = cq.where('pair', '=', pair);
      sq = sq.where('pair', '=', pair);
    }
    pairs = pairs.orderBy('sort').orderBy('id');
    const [listed, cycles, switches] = await Promise.all([
      pairs.execute(),
      cq.orderBy('minutes').execute(),
      sq.execute(),
    ]);
    const cyclesOf = new Map<string, CycleSettings[]>();
    for (const c of cycles) {
      const list = cyclesOf.get(c.pair) ?? [];
      list.push({
        minutes: c.minutes,
        rateBp: c.rate_bp,
        min: BigInt(c.min_amount),
        max: BigInt(c.max_amount),
      });
      cyclesOf.set(c.pair, list);
    }
    const enabled = new Map(switches.map((s) => [s.pair, s.enabled === 1]));
    return listed
      .map((p) => {
        const symbol = `${p.tradecoin}${p.settlecoin}`.toLowerCase();
        return {
          pair: symbol,
          name: pairName(symbol, p.settlecoin),
          asset: p.settlecoin.toUpperCase(),
          enabled: enabled.get(symbol) ?? false,
          cycles: cyclesOf.get(symbol) ?? [],
        };
      })
      .filter((p) => !pair || p.pair === pair);
  };
  return {
    all: () => load(),
    get: async (pair) => (await load(pair))[0],
    save: async (pair, change, now) => {
      if (change.enabled !== undefined) {
        const enabled = change.enabled ? 1 : 0;
        await db
          .insertInto('contract_pairs')
          .values({ pair, enabled, updated_at: now })
          .onConflict((oc) => oc.column('pair').doUpdateSet({ enabled, updated_at: now }))
          .execute();
      }
      if (change.cycles !== undefined) {
        await db.deleteFrom('contract_cycles').where('pair', '=', pair).execute();
        if (change.cycles.length > 0) {
          await db
            .insertInto('contract_cycles')
            .values(
              change.cycles.map((c) => ({
                pair,
                minutes: c.minutes,
                rate_bp: c.rateBp,
                min_amount: c.min.toString(),
                max_amount: c.max.toString(),
              })),
            )
            .execute();
        }
      }
    },
  };
};
