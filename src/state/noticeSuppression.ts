import { KEYS, local } from './storage';

/** "Not shown today" (spec §3, §9): suppression is by day of month, kept in `notShownToday` and
 * `lastDate`. A tick on the 5th hides the pop-up until the day of month changes. */
export const isSuppressedToday = (now: Date = new Date()): boolean =>
  local.get(KEYS.notShownToday) === 'true' && local.get(KEYS.lastDate) === String(now.getDate());

export const rememberChoice = (notShownToday: boolean, now: Date = new Date()) => {
  local.set(KEYS.notShownToday, String(notShownToday));
  local.set(KEYS.lastDate, String(now.getDate()));
};
