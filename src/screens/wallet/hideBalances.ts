import { proxy } from 'valtio';
import { local } from '../../state/storage';

const KEY = 'hideBalances';

/** The hide-balances toggle of the wallet screens, remembered on this device. */
export const balanceVisibility = proxy({ hidden: local.get(KEY) === 'true' });

export const toggleBalances = () => {
  balanceVisibility.hidden = !balanceVisibility.hidden;
  local.set(KEY, String(balanceVisibility.hidden));
};

export const MASK = '****';
