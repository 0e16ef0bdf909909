import { useState } from 'react';
import { useRemote } from '../../hooks/useRemote';
import { coinsOf, loadNetworks, networksOf } from './networks';

/** The coin and network a withdrawal (or a saved withdrawal address) is for. A coin or network
 * the operator has closed since it was picked falls back to the first open one, so the form never
 * offers what the server would refuse. */
export const useWithdrawNetwork = (initialCoin: string) => {
  const { data: nets } = useRemote(loadNetworks);
  const coins = nets ? coinsOf(nets, 'withdraw') : [];
  const [coin, setCoin] = useState(initialCoin);
  const activeCoin = coins.includes(coin) ? coin : (coins[0] ?? '');
  const networks = nets ? networksOf(nets, activeCoin, 'withdraw') : [];
  const [chosen, setChosen] = useState('');
  const net = networks.find((n) => n.network === chosen) ?? networks[0];
  return { nets, coins, activeCoin, setCoin, networks, net, setChosen };
};
