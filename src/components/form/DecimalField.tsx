import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { shownDecimal } from '../format';
import { TextField } from './TextField';

/** A field for an amount, a price or a quantity. The form holds the plain decimal it checks and
 * sends ("1234.5"); the field shows it with the reader's decimal mark ("1234,5" in German), as
 * every other figure on the screen is written. What the reader types is read by `decimalInput`,
 * which takes either mark for the decimal point (a phone's keypad offers the one of the phone's
 * region, not of the app's language): the mark typed turns into the reader's own at once, so the
 * field always shows, in the reader's notation, the number that will be sent. */
export const DecimalField = ({ value, ...props }: ComponentProps<typeof TextField>) => {
  const { i18n } = useTranslation();
  return (
    <TextField {...props} value={shownDecimal(value, i18n.language)} inputMode="decimal" autoComplete="off" />
  );
};
