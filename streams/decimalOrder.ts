/** Orders two unsigned decimal strings exactly (no float rounding): by the length of the whole
 * part, then digit by digit. */
export const compareDecimal = (a: string, b: string): number => {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  const aw = ai.replace(/^0+(?=\d)/, '');
  const bw = bi.replace(/^0+(?=\d)/, '');
  if (aw.length !== bw.length) return aw.length - bw.length;
  if (aw !== bw) return aw < bw ? -1 : 1;
  const len = Math.max(af.length, bf.length);
  const x = af.padEnd(len, '0');
  const y = bf.padEnd(len, '0');
  return x === y ? 0 : x < y ? -1 : 1;
};

export const isZero = (value: string) => /^0*(\.0*)?$/.test(value);
