import type { ComponentType } from 'react';

type ScreenModule = { default: ComponentType };

/** Screens built so far, by route name, each its own chunk. A route missing here shows its titled
 * shell until the issue that owns it lands. */
export const SCREENS: Partial<Record<string, () => Promise<ScreenModule>>> = {
  home: () => import('../screens/home/HomeScreen'),
  lang: () => import('../screens/lang/LangScreen'),
  '404': () => import('../screens/notFound/NotFoundScreen'),
  test: () => import('../screens/test/TestScreen'),
  market: () => import('../screens/market/MarketScreen'),
  marketDetail: () => import('../screens/marketDetail/MarketDetailScreen'),
  dealList: () => import('../screens/dealList/DealListScreen'),
  trade: () => import('../screens/trade/TradeScreen'),
  orderList: () => import('../screens/orderList/OrderListScreen'),
  authentication: () => import('../screens/authentication/AuthenticationScreen'),
  invite: () => import('../screens/invite/InviteScreen'),
  userInfo: () => import('../screens/userInfo/UserInfoScreen'),
  login: () => import('../screens/login/LoginScreen'),
  register: () => import('../screens/register/RegisterScreen'),
  forgetPwd: () => import('../screens/forgetPwd/ForgetPwdScreen'),
  user: () => import('../screens/user/UserScreen'),
  pwdManagement: () => import('../screens/pwd/PwdManagementScreen'),
  changePwd: () => import('../screens/pwd/ChangePwdScreen'),
  withdrawalPwd: () => import('../screens/pwd/WithdrawalPwdScreen'),
  serviceAgreement: () => import('../screens/document/DocumentScreen'),
  aboutUs: () => import('../screens/document/DocumentScreen'),
  msb: () => import('../screens/document/DocumentScreen'),
  contract: () => import('../screens/contract/ContractScreen'),
  contractList: () => import('../screens/contractList/ContractListScreen'),
  assets: () => import('../screens/wallet/AssetsScreen'),
  'assets/detail': () => import('../screens/wallet/AssetDetailScreen'),
  'recharge/select': () => import('../screens/wallet/RechargeSelectScreen'),
  recharge: () => import('../screens/wallet/RechargeScreen'),
  'recharge/result': () => import('../screens/wallet/RechargeResultScreen'),
  'recharge/record': () => import('../screens/wallet/RechargeRecordScreen'),
  withdrawAddress: () => import('../screens/wallet/WithdrawAddressScreen'),
  'withdrawAddress/add': () => import('../screens/wallet/WithdrawAddressAddScreen'),
  withdraw: () => import('../screens/wallet/WithdrawScreen'),
  'withdraw/record': () => import('../screens/wallet/WithdrawRecordScreen'),
  defi: () => import('../screens/defi/DefiScreen'),
  'defi/detail': () => import('../screens/defi/DefiDetailScreen'),
  'defi/pledgeRecord': () => import('../screens/defi/PledgeRecordScreen'),
  'defi/incomeRecord': () => import('../screens/defi/IncomeRecordScreen'),
  notice: () => import('../screens/notice/NoticeScreen'),
  noticeDetail: () => import('../screens/notice/NoticeDetailScreen'),
  help: () => import('../screens/help/HelpScreen'),
  'help/detail': () => import('../screens/help/HelpDetailScreen'),
  service: () => import('../screens/service/ServiceScreen'),
};

/** How long a screen's code may take to arrive (spec §9, chunk script timeout). A request the
 * network has stalled would otherwise leave the reader on the spinner with no way on; past this
 * the route shows `screenUnavailable`, which asks again. */
export const CHUNK_TIMEOUT_MS = 120_000;

export const loadScreen = (name: string): Promise<ScreenModule> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`screen ${name}: no code after ${CHUNK_TIMEOUT_MS} ms`)),
      CHUNK_TIMEOUT_MS,
    );
    (SCREENS[name] ?? (() => import('../screens/pending/PendingScreen')))()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
