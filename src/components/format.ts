import { Decimal } from './decimal';
import { DEFAULT_LOCALE, LOCALE_TAGS, isLocale } from '../../protocol/locales';

const formats = new Map<string, Intl.NumberFormat>();
const times = new Map<string, Intl.DateTimeFormat>();

const tagOf = (language: string) => LOCALE_TAGS[isLocale(language) ? language : DEFAULT_LOCALE];

/** What of a moment is written: the time of day, the day, or both. */
type Moment = 'time' | 'date' | 'both';

const dateTimeFormat = (language: string, moment: Moment) => {
  const tag = tagOf(language);
  const key = `${tag}|${moment}`;
  let f = times.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(tag, {
      ...(moment === 'time' ? {} : { year: 'numeric', month: '2-digit', day: '2-digit' }),
      ...(moment === 'date'
        ? {}
        : { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }),
    });
    times.set(key, f);
  }
  return f;
};

/** A time of day (24-hour clock) in the reader's locale, for prints. */
export const formatTime = (ts: number, language: string) => dateTimeFormat(language, 'time').format(ts);

/** The day of a moment in the reader's locale, written as `formatDateTime` writes it. */
export const formatDate = (ts: number, language: string) => dateTimeFormat(language, 'date').format(ts);

/** A date and time to the second in the reader's locale. */
export const formatDateTime = (ts: number, language: string) => dateTimeFormat(language, 'both').format(ts);

const numberFormat = (language: string, options: Intl.NumberFormatOptions) => {
  const tag = tagOf(language);
  const key = `${tag}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(tag, options);
    formats.set(key, f);
  }
  return f;
};

/** The reader's decimal mark: "," in German, "." in English. */
const decimalMark = (language: string) =>
  numberFormat(language, { minimumFractionDigits: 1 })
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal')!.value;

/** A plain decimal as a field shows it, with the reader's decimal mark and no grouping; text that
 * is no plain decimal (something typed that validation will refuse) is left as it is. */
export const shownDecimal = (value: string, language: string) =>
  /^\d*\.\d*$/.test(value) ? value.replace('.', decimalMark(language)) : value;

const digitsOf = (value: string) => {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
};

/** A decimal string in the reader's locale with exactly its own digits (Intl formats the string
 * itself, so no float ever rounds a price). */
export const formatDecimal = (
  value: string,
  language: string,
  digits = digitsOf(value),
  signDisplay: Intl.NumberFormatOptions['signDisplay'] = 'auto',
) =>
  numberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay,
  }).format(value as Intl.StringNumericLiteral);

/** A decimal without the zeros that only pad it, but with at least two places, no digit that
 * counts dropped: "100.00000000" → "100.00", "1700" → "1700.00", "941.0603" as it is. */
export const centsAtLeast = (value: string) => {
  const [whole, frac = ''] = value.split('.');
  return `${whole}.${frac.replace(/0+$/, '').padEnd(2, '0')}`;
};

/** An amount of money in the reader's locale, as a price shows its cents: a deal of 1700 reads
 * "1,700.00" beside one of "941.0603" (`centsAtLeast`). */
export const formatMoney = (value: string, language: string) => formatDecimal(centsAtLeast(value), language);

/** A figure with its unit on one line (a no-break space): "1.999,99999999" over "USDT" read as
 * two figures on a narrow phone. */
export const withUnit = (figure: string, unit: string) => `${figure}\u00a0${unit}`;

/** Money in or out (a profit, a loss, a wallet entry), signed as the reader's locale signs a number:
 * "+80.00", "-1.250,50", and a refund's "0.00" with no sign. Every signed amount is written by this
 * one, so the wallet's history and the contracts' results read alike. */
export const formatSignedMoney = (value: string, language: string) => {
  const cents = centsAtLeast(value);
  return formatDecimal(cents, language, digitsOf(cents), 'exceptZero');
};

/** The significant digits of a volume in a list's column (the market list, the home page's volume
 * board): the same figure reads the same in both. */
export const COLUMN_VOLUME_DIGITS = 3;

/** A large amount shortened (1.20K, 3.40M, 1,20 Mio.) for volume columns; with `significant`, to that
 * many significant digits where the room is a phone's line: Spanish counts thousands of millions
 * ("1069,25 M"), which took two lines of the market list at 320 px, where "1070 M" takes one.
 * Trailing zeros stay: a live volume going from "10.91K" to "10.9K" jumped in width and read as
 * less exact. */
export const formatCompact = (value: string, language: string, significant?: number) =>
  numberFormat(
    language,
    significant
      ? { notation: 'compact', minimumSignificantDigits: significant, maximumSignificantDigits: significant }
      : { notation: 'compact', minimumFractionDigits: 2, maximumFractionDigits: 2 },
  ).format(value as Intl.StringNumericLiteral);

/** A value in percent ("7.3") in the reader's locale's percent style ("7.3%", "7,3 %"), exact. */
const percentOf = (value: string, language: string, options: Intl.NumberFormatOptions) =>
  numberFormat(language, { style: 'percent', ...options }).format(
    new Decimal(value).div(100).toFixed() as Intl.StringNumericLiteral,
  );

/** `changePercent` ("-1.25") as a signed percentage in the reader's locale ("−1.25 %"). */
export const formatChange = (changePercent: string, language: string) =>
  percentOf(changePercent, language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });

/** A rate in percent ("7.30") with exactly its own digits, in the reader's locale ("7,30 %" in de). */
export const formatPercent = (value: string, language: string, digits = digitsOf(value)) =>
  percentOf(value, language, { minimumFractionDigits: digits, maximumFractionDigits: digits });

type Trend = 'up' | 'down' | 'flat';

export const trendOf = (changePercent: string | undefined): Trend => {
  if (!changePercent) return 'flat';
  const d = new Decimal(changePercent);
  return d.isZero() ? 'flat' : d.isNegative() ? 'down' : 'up';
};

/** Compares two decimal strings for the flash on a price change. */
export const compareDecimalStrings = (a: string, b: string) => new Decimal(a).comparedTo(b);
