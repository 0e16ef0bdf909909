import { ORDER_STATUS } from '../../../protocol/spot';
import { spotApi } from '../../api/spot';
import { noteOrder } from '../../hooks/useSpot';
import { i18n } from '../../i18n';
import { showToast } from '../../state/ui';

/** Cancels an order and says what became of it. The server answers an order that finished first
 * as it is, so a fill that beat the tap is "too late", never "cancelled". */
export const cancelOrder = async (id: number) => {
  const order = await spotApi.cancel(id);
  noteOrder(order);
  showToast(i18n.t(order.status === ORDER_STATUS.cancelled ? 'trade.cancelled' : 'trade.cancelTooLate'));
  return order;
};
