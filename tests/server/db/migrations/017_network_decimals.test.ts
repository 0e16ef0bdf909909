import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/db/migrate';
import { forEachEngine, useTestDb } from '../../helpers/testDb';

describe.each(forEachEngine())('migration 017 on %s', (_engine, open) => {
  const t = useTestDb(open, { migrate: false });

  it('gives the coins that move in millionths six decimal places, and the rest eight', async () => {
    await migrate(t().db, '016_deposit_addresses');
    const k = t().db.kysely;
    const net = (coin: string, network: string, sort: number) => ({
      coin,
      network,
      deposit_address: 'x',
      memo: '',
      min_deposit: '1000000000',
      max_deposit: '100000000000',
      min_withdraw: '1000000000',
      max_withdraw: '100000000000',
      withdraw_fee: '100000000',
      deposit_enabled: 1,
      withdraw_enabled: 1,
      sort,
      updated_at: 1,
    });
    await k
      .insertInto('wallet_networks')
      .values([net('USDT', 'TRC20', 0), net('USDT', 'BEP20', 1), net('BTC', 'BTC', 2), net('XRP', 'XRP', 3)])
      .execute();
    expect(await migrate(t().db, '017_network_decimals')).toEqual(['017_network_decimals']);
    const rows = await k
      .selectFrom('wallet_networks')
      .select(['coin', 'network', 'decimals'])
      .orderBy('sort')
      .execute();
    expect(rows.map((r) => ({ ...r, decimals: Number(r.decimals) }))).toEqual([
      { coin: 'USDT', network: 'TRC20', decimals: 6 },
      { coin: 'USDT', network: 'BEP20', decimals: 8 },
      { coin: 'BTC', network: 'BTC', decimals: 8 },
      { coin: 'XRP', network: 'XRP', decimals: 6 },
    ]);
  });
});
