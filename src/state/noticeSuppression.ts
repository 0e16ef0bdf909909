import { KEYS, local } from './storage';

/** The reader's calendar day, "2026-12-05". */
const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** "Not shown today" (spec §3, §9): kept in `notShownToday` and `lastDate`, the day of month, as the
 * spec names them. The day of month alone came round again: a tick on 5 December hid the pop-up
 * on 5 January too, and on every 5th after. So `notShownToday` holds the whole day it was ticked
 * on (it held "true"), and the pop-up is hidden on that day only. */
export const isSuppressedToday = (now: Date = new Date()): boolean =>
  local.get(KEYS.notShownToday) === dayOf(now) && local.get(KEYS.lastDate) === String(now.getDate());

export const rememberChoice = (notShownToday: boolean, now: Date = new Date()) => {
  local.set(KEYS.notShownToday, notShownToday ? dayOf(now) : 'false');
  local.set(KEYS.lastDate, String(now.getDate()));
};
