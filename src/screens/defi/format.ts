import { useTranslation } from 'react-i18next';
import { centsAtLeast, formatMoney, formatPercent } from '../../components/format';

/** Formatters in the reader's locale for percents and amounts, exact (strings, never floats). An
 * amount keeps its unit on its line (a no-break space): "200,000.00" over "USDT" reads as two
 * figures on a narrow phone. */
export const useDefiFormat = () => {
  const { i18n } = useTranslation();
  return {
    percent: (v: string) => formatPercent(centsAtLeast(v), i18n.language),
    amount: (v: string, asset?: string) => `${formatMoney(v, i18n.language)}${asset ? `\u00a0${asset}` : ''}`,
  };
};
