import type { GlobalConfig } from '../../../protocol';

export const DEFAULT_SITE_CONFIG: GlobalConfig = {
  certification: true,
  lang: 'en-us',
  custom: '',
  thirdPartyWithdrawalAddress: true,
  h5ico: '/favicon.svg',
  // The operator sets the store link of their mobile app; the seeded one marks where it goes.
  appDownloadLink: 'https://www.example.com/app',
  logo: '/logo.svg',
  companyName: 'Nova Exchange',
};

/** Listed pairs, in display order; all quoted in USDT. */
export const DEFAULT_PAIRS = ['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE', 'ADA', 'TRX', 'LTC', 'DOT'];
