import { describe, expect, it } from 'vitest';
import { ROUTES, routeByPath } from '../../protocol/routes';

const SPEC_PATHS = [
  '/home',
  '/market',
  '/trade',
  '/contract',
  '/assets',
  '/dealList',
  '/marketDetail',
  '/orderList',
  '/contractList',
  '/assets/detail',
  '/user',
  '/userInfo',
  '/test',
  '/lang',
  '/notice',
  '/noticeDetail',
  '/login',
  '/register',
  '/forgetPwd',
  '/serviceAgreement',
  '/authentication',
  '/pwdManagement',
  '/changePwd',
  '/withdrawalPwd',
  '/invite',
  '/aboutUs',
  '/service',
  '/help',
  '/help/detail',
  '/withdrawAddress',
  '/withdrawAddress/add',
  '/withdraw',
  '/withdraw/record',
  '/recharge',
  '/recharge/select',
  '/recharge/record',
  '/recharge/result',
  '/defi',
  '/defi/detail',
  '/defi/pledgeRecord',
  '/defi/incomeRecord',
  '/msb',
  '/404',
];

describe('route table', () => {
  it('holds every route of the spec, plus the help centre', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('derives each path from its name and each title key from its path', () => {
    for (const r of ROUTES) {
      expect(r.path).toBe(`/${r.name}`);
      expect(r.title).toBe(`route.${r.name.replace(/\//g, '_')}`);
    }
  });

  it('shows the tab bar only on the five tabs and the deal list', () => {
    expect(ROUTES.filter((r) => r.tabBar).map((r) => r.path)).toEqual([
      '/home',
      '/market',
      '/trade',
      '/contract',
      '/assets',
      '/dealList',
    ]);
  });

  it('asks for login and verification on trade, contract and assets', () => {
    for (const path of ['/trade', '/contract', '/assets']) {
      expect(routeByPath(path)).toMatchObject({ login: true, verify: true });
    }
    expect(ROUTES.filter((r) => r.verify).map((r) => r.path)).toEqual(['/trade', '/contract', '/assets']);
  });

  it('asks for login on the money screens and leaves the open screens open', () => {
    for (const path of [
      '/withdraw',
      '/recharge',
      '/recharge/select',
      '/defi',
      '/defi/detail',
      '/defi/pledgeRecord',
      '/defi/incomeRecord',
    ]) {
      expect(routeByPath(path)?.login, path).toBe(true);
    }
    for (const path of [
      '/home',
      '/market',
      '/marketDetail',
      '/login',
      '/register',
      '/forgetPwd',
      '/lang',
      '/notice',
      '/404',
    ]) {
      expect(routeByPath(path)?.login, path).toBe(false);
    }
  });
});
