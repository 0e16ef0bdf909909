import type { WalletNetwork } from '../../../../protocol/wallet';

const net = (over: Partial<WalletNetwork>): WalletNetwork => ({
  coin: 'USDT',
  network: 'TRC20',
  depositAddress: 'TNovaDemoDepositAddressTrc11111111',
  memo: '',
  memoRequired: false,
  minDeposit: '10',
  maxDeposit: '1000000',
  minWithdraw: '10',
  maxWithdraw: '100000',
  withdrawFee: '1',
  depositEnabled: true,
  withdrawEnabled: true,
  decimals: 8,
  ...over,
});

export const NETWORKS: WalletNetwork[] = [
  net({}),
  net({ network: 'ERC20', depositAddress: '0xDE40DE4000000000000000000000000000000000', withdrawFee: '5' }),
  net({
    coin: 'BTC',
    network: 'BTC',
    depositAddress: 'bc1qnovademodepositaddressqqqqqqqqqqqqqqqq',
    minDeposit: '0.0005',
  }),
  net({
    coin: 'XRP',
    network: 'XRP',
    depositAddress: 'rNovaDemoDepositAddressXrp11111111',
    memo: '100001',
    memoRequired: true,
    minDeposit: '20',
  }),
];

export const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

export const login = ({ hasWithdrawPassword = true } = {}) => {
  const user = { token: 'tok', userinfo: { certification: 2, hasWithdrawPassword } };
  localStorage.setItem('user', JSON.stringify(user));
  return user;
};
