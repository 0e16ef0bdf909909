/**
 * A typed amount, price or quantity as the plain decimal the forms check and send ("12,5" →
 * "12.5"). The phone keypads of comma locales (de, fr, es, it, ru, br) offer only ",", so a lone
 * comma is the decimal point; spaces, grouping or pasted, are dropped. Text with two separators
 * ("1.234,5", "1,234.5", "1,2,3") could mean a thousand times more or less than the reader thinks,
 * so it is left as typed for validation to refuse rather than guessed at. Applied on every
 * keystroke, so the field always shows what will be read.
 */
export const decimalInput = (typed: string) => {
  const text = typed.replace(/\s/g, '');
  const commas = text.split(',').length - 1;
  return commas === 1 && !text.includes('.') ? text.replace(',', '.') : text;
};

/** Whether what `decimalInput` gave is a number being typed: digits with at most one point. Other
 * text ("1,000,5", "1.000.5", "1e5") is no amount of ours, however a number parser would read it. */
export const isReadableDecimal = (plain: string) => /^\d*(\.\d*)?$/.test(plain);

/** A typed number as the server reads one, digits on both sides of a point and no leading zeros:
 * ".5", "12." and "00.5" are what a person means by "0.5", "12" and "0.5", and the server refuses
 * them as written. Applied to what is checked and sent, not to the field as it is typed (a point
 * just typed is the start of the decimals). */
export const canonicalDecimal = (typed: string) =>
  typed
    .replace(/^\./, '0.')
    .replace(/\.$/, '')
    .replace(/^0+(?=\d)/, '');
