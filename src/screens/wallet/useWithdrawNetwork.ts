import { useState } from 'react';
import { coinsOf, networksOf } from './networks';
import { useNetworks } from './useNetworks';

/** The coin and network a withdrawal (or a saved withdrawal address) is for. A coin or network
 * the operator has closed since it was picked falls back to the first open one, so the form never
 * offers what the server would refuse. */
export const useWithdrawNetwork = (initialCoin: string, initialNetwork = '') => {
  const { nets, failure, reload } = useNetworks();
  const coins = nets ? coinsOf(nets, 'withdraw') : [];
  const [coin, setCoin] = useState(initialCoin);
  const activeCoin = coins.includes(coin) ? coin : (coins[0] ?? '');
  const networks = nets ? networksOf(nets, activeCoin, 'withdraw') : [];
  const [chosen, setChosen] = useState(initialNetwork);
  const net = networks.find((n) => n.network === chosen) ?? networks[0];
  return { nets, failure, reload, coins, activeCoin, setCoin, networks, net, setChosen };
};
