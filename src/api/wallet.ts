import type { FinancPage, FinancRequest } from '../../protocol/assets';
import type {
  AddressRequest,
  Deposit,
  DepositAddress,
  DepositAddressRequest,
  DepositRequest,
  WalletNetwork,
  WalletSummary,
  Withdrawal,
  WithdrawAddress,
  WithdrawRequest,
} from '../../protocol/wallet';
import { api } from './client';

// Reads are refreshed on focus and polled while something is under way: a toast per failed
// refresh would only repeat what the connection indicator says.
const quiet = { silent: true } as const;

/** The wallet: coins and networks, deposits (/recharge), withdrawals and their address book. */
export const walletApi = {
  coins: () => api.get<WalletNetwork[]>('/wallet/coins', undefined, quiet),
  summary: () => api.get<WalletSummary>('/wallet/summary', undefined, quiet),
  financ: (query: FinancRequest) => api.get<FinancPage>('/assets/financ', query, quiet),
  /** Takes the reader's own address on the network the first time, and answers it ever after: asking
   * again is no double submit. */
  depositAddress: (body: DepositAddressRequest) =>
    api.post<DepositAddress>('/recharge/address', body, { ...quiet, repeatSubmit: false }),
  deposit: (body: DepositRequest) => api.post<Deposit>('/recharge/submit', body),
  deposits: (page = 1, size = 50) => api.get<Deposit[]>('/recharge/list', { page, size }, quiet),
  /** One of the reader's deposits by its id, however many are newer; another's or none is
   * record_not_found. */
  depositDetail: (id: number) => api.get<Deposit>('/recharge/detail', { id }, quiet),
  /** Quiet: the screen shows the failure, and sends a reader refused for verification on to it. */
  withdraw: (body: WithdrawRequest) => api.post<Withdrawal>('/withdraw/order', body, quiet),
  withdrawals: (page = 1, size = 50) => api.get<Withdrawal[]>('/withdraw/list', { page, size }, quiet),
  addresses: () => api.get<WithdrawAddress[]>('/withdraw/address/list', undefined, quiet),
  addAddress: (body: AddressRequest) => api.post<WithdrawAddress>('/withdraw/address/add', body),
  deleteAddress: (id: number) => api.post<object>('/withdraw/address/delete', { id }),
};
