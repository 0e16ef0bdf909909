import { useTranslation } from 'react-i18next';
import { formatChange, trendOf } from './format';

/** The 24h change as a coloured pill: green up, red down, grey unchanged. */
export const ChangeBadge = ({
  changePercent,
  solid = true,
}: {
  changePercent: string | undefined;
  solid?: boolean;
}) => {
  const { i18n } = useTranslation();
  const trend = trendOf(changePercent);
  return (
    <span className={`change change--${trend}${solid ? ' change--solid' : ''}`}>
      {changePercent === undefined ? '—' : formatChange(changePercent, i18n.language)}
    </span>
  );
};
