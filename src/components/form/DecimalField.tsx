import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { shownDecimal } from '../format';
import { decimalInput } from './decimalInput';
import { TextField } from './TextField';

const PLACES_MESSAGE = 'app.msg.decimal_places';

type Props = Omit<ComponentProps<typeof TextField>, 'errorValues'> & {
  /** The decimal places the amount may have: the coin's on its network, the pair's, the ledger's. */
  places: number;
};

const placesOf = (plain: string) => /^\d*\.(\d*)$/.exec(plain)?.[1]?.length ?? 0;

/** A field for an amount, a price or a quantity. The form holds the plain decimal it checks and
 * sends ("1234.5"); the field shows it with the reader's decimal mark ("1234,5" in German), as
 * every other figure on the screen is written. What the reader types is read by `decimalInput`,
 * which takes either mark for the decimal point (a phone's keypad offers the one of the phone's
 * region, not of the app's language): the mark typed turns into the reader's own at once, so the
 * field always shows, in the reader's notation, the number that will be sent.
 *
 * A keystroke or a paste past `places` decimals is not taken, and the field says why until the
 * amount changes or the reader leaves the field: cut short unseen, a pasted figure was sent as another, and refused without a
 * word, it looked like a dead keypad. A deletion is always taken (an amount the form computed may
 * carry more places, and the reader must be able to edit it down). */
export const DecimalField = ({ value, onChange, places, error, errorSuffix, onBlur, ...props }: Props) => {
  const { i18n } = useTranslation();
  // The amount a keystroke was refused at: the message goes with any change to it.
  const [refusedAt, setRefusedAt] = useState<string | undefined>();
  const refused = refusedAt === value;
  const typed = (text: string) => {
    const plain = decimalInput(text);
    if (plain.length >= value.length && placesOf(plain) > places) {
      setRefusedAt(value);
      return;
    }
    setRefusedAt(undefined);
    onChange(plain);
  };
  return (
    <TextField
      {...props}
      value={shownDecimal(value, i18n.language)}
      onChange={typed}
      error={refused ? PLACES_MESSAGE : error}
      errorValues={{ places }}
      errorSuffix={refused ? undefined : errorSuffix}
      // Once the reader moves on, the field holds what will be sent, and nothing is wrong with it.
      onBlur={(e) => {
        setRefusedAt(undefined);
        onBlur?.(e);
      }}
      inputMode="decimal"
      autoComplete="off"
    />
  );
};
