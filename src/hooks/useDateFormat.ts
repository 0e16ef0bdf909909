import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALE_TAGS } from '../../protocol/locales';

/** A date (or date and time) written out in the reader's language, for dates people plan by
 * (maturities, notices, a lock's end); records of money use `RecordTime`. */
export const useDateFormat = (withTime: boolean) => {
  const { i18n } = useTranslation();
  const tag = isLocale(i18n.language) ? LOCALE_TAGS[i18n.language] : LOCALE_TAGS.us;
  return useMemo(
    () =>
      new Intl.DateTimeFormat(
        tag,
        // The 24-hour clock of every other time in the app (format.ts), in every locale: "Dec 4,
        // 2026, 21:31", not "9:31 PM".
        withTime ? { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' } : { dateStyle: 'medium' },
      ),
    [tag, withTime],
  );
};
