import { z } from 'zod';
import {
  addressRequestSchema,
  depositAddressRequestSchema,
  depositAddressSchema,
  depositRequestSchema,
  depositSchema,
  noFieldsSchema,
  idBodySchema,
  idQuerySchema,
  recordQuerySchema,
  walletNetworkSchema,
  walletSummarySchema,
  withdrawAddressSchema,
  withdrawalSchema,
  withdrawRequestSchema,
} from '../../../protocol';
import type { Ledger } from '../../domain/ledger/ledger';
import type { Wallet } from '../../domain/wallet/service';
import { valueInUsdt } from '../../domain/wallet/valuation';
import type { Market } from '../../market/market';
import { currentUser } from '../auth';
import { defineRoute } from '../route';

/** The last USDT price of every coin that has a USDT pair. */
const usdtPrices = (market: Market | undefined) =>
  new Map(
    (market?.tickers() ?? [])
      .filter((t) => t.pair.endsWith('usdt'))
      .map((t) => [t.pair.slice(0, -4).toUpperCase(), t.last]),
  );

/** Deposits (/api/recharge), withdrawals and their address book (/api/withdraw), and the wallet's
 * coins and summary (/api/wallet). */
export const walletRoutes = (wallet: Wallet, ledger: Ledger, market?: Market) => [
  defineRoute({
    method: 'GET',
    path: '/wallet/coins',
    tag: 'wallet',
    summary: 'Coins and networks: deposit address and the reader\u2019s own memo, limits, fee, switches',
    auth: 'user',
    query: noFieldsSchema,
    response: z.array(walletNetworkSchema),
    handler: ({ req }) => wallet.networksFor(currentUser(req).user.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/wallet/summary',
    tag: 'wallet',
    summary: 'Balances with their value in USDT at the last prices, and the total',
    auth: 'user',
    query: noFieldsSchema,
    response: walletSummarySchema,
    handler: async ({ req }) =>
      valueInUsdt(await ledger.balances(currentUser(req).user.id), usdtPrices(market)),
  }),
  defineRoute({
    method: 'POST',
    path: '/recharge/address',
    tag: 'wallet',
    summary:
      'My deposit address on a network: my own from the pool (taken the first time), or the shared one with my memo',
    auth: 'user',
    body: depositAddressRequestSchema,
    response: depositAddressSchema,
    handler: ({ req, body }) => wallet.depositAddress(currentUser(req).user, body),
  }),
  defineRoute({
    method: 'POST',
    path: '/recharge/submit',
    tag: 'wallet',
    summary: 'Declare a deposit (amount, optional transaction hash); credited once confirmed',
    auth: 'user',
    body: depositRequestSchema,
    response: depositSchema,
    handler: ({ req, body }) => wallet.submitDeposit(currentUser(req).user, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/recharge/list',
    tag: 'wallet',
    summary: 'My deposits, newest first, each with its status_name',
    auth: 'user',
    query: recordQuerySchema,
    response: z.array(depositSchema),
    handler: ({ req, query }) => wallet.deposits(currentUser(req).user.id, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/recharge/detail',
    tag: 'wallet',
    summary: 'One of my deposits by its id (another user\u2019s or none: record_not_found)',
    auth: 'user',
    query: idQuerySchema,
    response: depositSchema,
    handler: ({ req, query }) => wallet.deposit(currentUser(req).user.id, query.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/withdraw/order',
    tag: 'wallet',
    summary:
      'Withdraw: checks, then freezes the amount until review; limit failures answer code 2003. ' +
      'Idempotent by requestKey',
    auth: 'user',
    body: withdrawRequestSchema,
    response: withdrawalSchema,
    handler: ({ req, body }) => wallet.submitWithdrawal(currentUser(req).user, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/withdraw/list',
    tag: 'wallet',
    summary: 'My withdrawals, newest first, each with its status_name',
    auth: 'user',
    query: recordQuerySchema,
    response: z.array(withdrawalSchema),
    handler: ({ req, query }) => wallet.withdrawals(currentUser(req).user.id, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/withdraw/address/list',
    tag: 'wallet',
    summary: 'My withdrawal address book',
    auth: 'user',
    query: noFieldsSchema,
    response: z.array(withdrawAddressSchema),
    handler: ({ req }) => wallet.addresses(currentUser(req).user.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/withdraw/address/add',
    tag: 'wallet',
    summary: 'Add a withdrawal address, with the withdrawal password (a duplicate → withdraw_address_used)',
    auth: 'user',
    body: addressRequestSchema,
    response: withdrawAddressSchema,
    handler: ({ req, body }) => wallet.addAddress(currentUser(req).user.id, body),
  }),
  defineRoute({
    method: 'POST',
    path: '/withdraw/address/delete',
    tag: 'wallet',
    summary: 'Delete one of my withdrawal addresses',
    auth: 'user',
    body: idBodySchema,
    response: z.object({}),
    handler: async ({ req, body }) => {
      await wallet.deleteAddress(currentUser(req).user.id, body.id);
      return {};
    },
  }),
];
