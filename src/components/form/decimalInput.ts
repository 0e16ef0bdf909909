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
