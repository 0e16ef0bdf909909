import { AppError } from './appError';

/**
 * What a request key already made, answered to a request sent under it again. A key names one
 * intended action: sent again with the same details (a retry after a lost answer) it answers what
 * the first request made; with other details it is refused (`request_key_used`), or the caller
 * would take the first action's answer for the one it asked for. As a client order id is on spot.
 */
export const answerRepeated = <R>(earlier: R, sameRequest: (earlier: R) => boolean): R => {
  if (!sameRequest(earlier)) throw new AppError('request_key_used');
  return earlier;
};
