import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { COIN_PAIR_PARAM, coinPairOf } from '../../protocol/routes';
import { useSetAddressParams } from './useSetAddressParams';

/**
 * Writes the pair a trading screen shows into its address when the address asks for another (one
 * not listed, which the screen replaced by its first pair): the address, the screen and a link
 * shared from it then name the same pair. Replaced, not pushed: Back does not return to the bad
 * address. The other parameters (the side /trade was opened on) stay.
 */
export const usePairInAddress = (shown: string | undefined) => {
  const [params] = useSearchParams();
  const setParams = useSetAddressParams();
  const asked = coinPairOf(params);
  useEffect(() => {
    if (shown !== undefined && shown !== asked) setParams({ [COIN_PAIR_PARAM]: shown });
  }, [shown, asked, setParams]);
};
