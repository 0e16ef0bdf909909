import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { shownDecimal } from '../format';
import { decimalInput, isReadableDecimal } from './decimalInput';
import { TextField } from './TextField';

const PLACES_MESSAGE = 'app.msg.decimal_places';

type Props = Omit<ComponentProps<typeof TextField>, 'errorValues'> & {
  /** The decimal places the amount may have: the coin's on its network, the pair's, the ledger's. */
  places: number;
  /** What the form says on sending text that is no number (`app.msg.amount_invalid` unless a
   * price's): said as soon as the text is typed. */
  unreadable?: string;
};

const placesOf = (plain: string) => /^\d*\.(\d*)$/.exec(plain)?.[1]?.length ?? 0;

/** A field for an amount, a price or a quantity. The form holds the plain decimal it checks and
 * sends ("1234.5"); the field shows it with the reader's decimal mark ("1234,5" in German), as
 * every other figure on the screen is written. What the reader types is read by `decimalInput`,
 * which takes either mark for the decimal point (a phone's keypad offers the one of the phone's
 * region, not of the app's language): the mark typed turns into the reader's own at once, so the
 * field always shows, in the reader's notation, the number that will be sent.
 *
 * Text with two marks ("1.000,5", "1,000.5"), or anything else that is no number, is left as typed,
 * and the field says at once what the form says on sending it (`unreadable`) until it is a number:
 * it is never read as another. A German writing a thousand and a half sees the first mark taken for
 * the decimal point as it is typed ("1,000": either mark alone is one) and the second one flagged.
 *
 * A keystroke past `places` decimals is not taken, and the field says why until the amount changes
 * or the reader leaves the field: refused without a word, it looked like a dead keypad. A paste
 * (any text of more than one character at once) past them is taken whole and flagged the same way
 * until it has no more places than it may, as the form refuses to send it: cut short unseen, a
 * pasted figure was sent as another, and refused, it left an empty field that said on sending only
 * that an amount is required. A deletion is always taken (an amount the form computed may carry
 * more places, and the reader must be able to edit it down, which is not flagged).
 */
export const DecimalField = ({
  value,
  onChange,
  places,
  unreadable = 'app.msg.amount_invalid',
  error,
  errorSuffix,
  onBlur,
  ...props
}: Props) => {
  const { i18n } = useTranslation();
  // The amount a keystroke was refused at: the message goes with any change to it.
  const [refusedAt, setRefusedAt] = useState<string | undefined>();
  // The amount a paste past the places left, as edited since by the reader: flagged while it is
  // theirs and still too fine, never an amount the form computed.
  const [pasted, setPasted] = useState<string | undefined>();
  const tooFine = refusedAt === value || (pasted === value && placesOf(value) > places);
  const said = tooFine ? PLACES_MESSAGE : isReadableDecimal(value) ? undefined : unreadable;
  const typed = (text: string) => {
    const plain = decimalInput(text);
    const over = placesOf(plain) > places;
    const keystroke = plain.length - value.length <= 1;
    if (over && keystroke && plain.length >= value.length) {
      setRefusedAt(value);
      return;
    }
    setRefusedAt(undefined);
    setPasted(over && (!keystroke || pasted === value) ? plain : undefined);
    onChange(plain);
  };
  return (
    <TextField
      {...props}
      value={shownDecimal(value, i18n.language)}
      onChange={typed}
      error={said ?? error}
      errorValues={{ places }}
      errorSuffix={said ? undefined : errorSuffix}
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
