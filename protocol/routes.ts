/**
 * Every screen of the product (spec §2) in one table: name, path (default `/` + name), title key,
 * tab-bar flag, login flag, visitors-only flag and verification flag. Guards, titles and the tab
 * bar all read it, and the server titles the pages it serves from it.
 */
export interface RouteInfo {
  name: string;
  path: string;
  /** Translation key of the page title. */
  title: string;
  tabBar: boolean;
  login: boolean;
  /** For visitors only (logging in, signing up): a reader already logged in is sent on, to where the
   * login was to lead (its `redirect`) or home. */
  guest: boolean;
  verify: boolean;
}

type RouteSpec = Partial<Omit<RouteInfo, 'name'>> & { name: string };

const spec = (r: RouteSpec): RouteInfo => ({
  path: `/${r.name}`,
  title: `route.${r.name.replace(/\//g, '_')}`,
  tabBar: false,
  login: false,
  guest: false,
  verify: false,
  ...r,
});

export const ROUTES: readonly RouteInfo[] = [
  // The five tabs, and the deal list that shares the tab bar.
  spec({ name: 'home', tabBar: true }),
  spec({ name: 'market', tabBar: true }),
  spec({ name: 'trade', tabBar: true, login: true, verify: true }),
  spec({ name: 'contract', tabBar: true, login: true, verify: true }),
  spec({ name: 'assets', tabBar: true, login: true, verify: true }),
  spec({ name: 'dealList', tabBar: true, login: true }),
  // Markets and records.
  spec({ name: 'marketDetail' }),
  spec({ name: 'orderList', login: true }),
  spec({ name: 'contractList', login: true }),
  spec({ name: 'assets/detail', login: true }),
  // Account.
  spec({ name: 'user' }),
  spec({ name: 'userInfo', login: true }),
  spec({ name: 'login', guest: true }),
  spec({ name: 'register', guest: true }),
  spec({ name: 'forgetPwd' }),
  spec({ name: 'authentication', login: true }),
  spec({ name: 'pwdManagement', login: true }),
  spec({ name: 'changePwd', login: true }),
  spec({ name: 'withdrawalPwd', login: true }),
  spec({ name: 'invite', login: true }),
  // Wallet.
  spec({ name: 'withdrawAddress', login: true }),
  spec({ name: 'withdrawAddress/add', login: true }),
  spec({ name: 'withdraw', login: true }),
  spec({ name: 'withdraw/record', login: true }),
  spec({ name: 'recharge', login: true }),
  spec({ name: 'recharge/select', login: true }),
  spec({ name: 'recharge/record', login: true }),
  spec({ name: 'recharge/result', login: true }),
  // Staking.
  spec({ name: 'defi', login: true }),
  spec({ name: 'defi/detail', login: true }),
  spec({ name: 'defi/pledgeRecord', login: true }),
  spec({ name: 'defi/incomeRecord', login: true }),
  // Content and settings.
  spec({ name: 'notice' }),
  spec({ name: 'noticeDetail' }),
  spec({ name: 'help' }),
  spec({ name: 'help/detail' }),
  spec({ name: 'aboutUs' }),
  spec({ name: 'serviceAgreement' }),
  spec({ name: 'msb' }),
  spec({ name: 'service' }),
  spec({ name: 'lang' }),
  spec({ name: 'test' }),
  spec({ name: '404' }),
];

export const routeByPath = (path: string): RouteInfo | undefined => ROUTES.find((r) => r.path === path);

/**
 * The route info of the trading screens (spec §3): the pair, in the address as `?coinPair=`
 * (lower-case tradecoin then settlecoin), btcusdt when absent; /trade also takes the side to open
 * on, `&direction=buy|sell`, buy when absent. Market detail, /trade and /contract read it, and the
 * server reads the pair to write market detail's heading with the page.
 */
export const COIN_PAIR_PARAM = 'coinPair';
const DEFAULT_COIN_PAIR = 'btcusdt';
export const coinPairOf = (query: URLSearchParams | undefined) =>
  (query?.get(COIN_PAIR_PARAM) ?? DEFAULT_COIN_PAIR).toLowerCase();
/** The address of a trading screen on a pair (and, for /trade, a side). */
export const coinPairPath = (path: string, pair: string, direction?: 'buy' | 'sell') =>
  `${path}?${COIN_PAIR_PARAM}=${pair}${direction ? `&direction=${direction}` : ''}`;

export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
export const VERIFY_PATH = '/authentication';
export const NOT_FOUND_PATH = '/404';
