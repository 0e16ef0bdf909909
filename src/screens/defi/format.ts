import { useTranslation } from 'react-i18next';
import { centsAtLeast, formatMoney, formatPercent, withUnit } from '../../components/format';

/** Formatters in the reader's locale for percents and amounts, exact (strings, never floats); an
 * amount keeps its unit on its line (`withUnit`). */
export const useDefiFormat = () => {
  const { i18n } = useTranslation();
  return {
    percent: (v: string) => formatPercent(centsAtLeast(v), i18n.language),
    amount: (v: string, asset?: string) =>
      asset ? withUnit(formatMoney(v, i18n.language), asset) : formatMoney(v, i18n.language),
  };
};
