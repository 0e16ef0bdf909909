/** A 1×1 PNG: the server sniffs the bytes, so an uploaded document has to be a real image. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A mainland ID number with a correct check digit. */
export const idNumber = () => {
  const body = '11010519491231002';
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(body[i]), 0);
  return body + '10X98765432'[sum % 11];
};
