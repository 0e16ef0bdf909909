import { useTranslation } from 'react-i18next';
import { formatDecimal, formatPercent } from '../../components/format';

/** "0.500000" → "0.5": a percent without its padding zeros (at least two places). */
export const trimPercent = (value: string) => {
  if (!value.includes('.')) return value;
  const [whole, frac = ''] = value.split('.');
  const kept = frac.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${kept}`;
};

/** "100.00000000" → "100.00", keeping every significant digit (no rounding). */
export const trimAmount = (value: string) => {
  if (!value.includes('.')) return value;
  const [whole, frac = ''] = value.split('.');
  return `${whole}.${frac.replace(/0+$/, '').padEnd(2, '0')}`;
};

/** Formatters in the reader's locale for percents and amounts, exact (strings, never floats). An
 * amount keeps its unit on its line (a no-break space): "200,000.00" over "USDT" reads as two
 * figures on a narrow phone. */
export const useDefiFormat = () => {
  const { i18n } = useTranslation();
  return {
    percent: (v: string) => formatPercent(trimPercent(v), i18n.language),
    amount: (v: string, asset?: string) =>
      `${formatDecimal(trimAmount(v), i18n.language)}${asset ? `\u00a0${asset}` : ''}`,
  };
};
