import { describe, expect, it } from 'vitest';
import { depositMemo } from '../../../../server/domain/wallet/memo';
import type { NetworkConfig } from '../../../../server/domain/wallet/types';

const net = (network: NetworkConfig['network'], memo: string) => ({ network, memo }) as NetworkConfig;

describe('deposit memo', () => {
  it('gives each user their own destination tag on a shared address: the base plus their id', () => {
    expect(depositMemo(net('XRP', '100000'), 7)).toBe('100007');
    expect(depositMemo(net('XRP', '100000'), 8)).toBe('100008');
  });

  it('stays a destination tag XRP carries (0 to 4294967295) for every user id, wrapping round at the top', () => {
    expect(depositMemo(net('XRP', '4000000000'), 7)).toBe('4000000007');
    expect(depositMemo(net('XRP', '4294967000'), 295)).toBe('4294967295');
    expect(depositMemo(net('XRP', '4294967000'), 296)).toBe('0');
    expect(depositMemo(net('XRP', '4294967295'), 1)).toBe('0');
    // The largest id PostgreSQL's serial gives, from the largest base.
    expect(depositMemo(net('XRP', '4294967295'), 2147483647)).toBe('2147483646');
    expect(depositMemo(net('XRP', '100000'), 2147483647)).toBe('2147583647');
  });

  it('follows a text base with the id', () => {
    expect(depositMemo(net('XRP', 'NOVA'), 7)).toBe('NOVA7');
  });

  it('leaves the memo of a network whose addresses are not shared as configured', () => {
    expect(depositMemo(net('TRC20', ''), 7)).toBe('');
  });
});
