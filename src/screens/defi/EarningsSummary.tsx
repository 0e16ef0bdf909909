import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Earnings } from '../../../protocol';
import { useDefiFormat } from './format';

/** Per asset: principal pledged, and today's, cumulative and still-to-come income. The last is
 * labelled apart from a pledge's "projected earnings", which count its whole cycle. */
export const EarningsSummary = ({ earnings }: { earnings: Earnings }) => {
  const { t } = useTranslation();
  const f = useDefiFormat();
  // Two figures share a row here, each in half the card: at 320 px "223.956789 USDT" is wider
  // than its half. A plain space lets the unit go under its figure whole; tied to it, the line
  // broke inside the unit ("223.956789 U" over "SDT"). The figure itself is never broken
  // ("2,100.0000000" over "1 USDT" read as two amounts): too long for its half, it is set smaller.
  const amount = (value: string, asset: string) => {
    const figure = f.amount(value);
    return (
      <>
        <span className="defi-summary__figure" style={{ '--chars': figure.length } as CSSProperties}>
          {figure}
        </span>{' '}
        {asset}
      </>
    );
  };
  if (earnings.length === 0) return <p className="defi-summary__empty">{t('defi.noEarnings')}</p>;
  return (
    <>
      {earnings.map((e) => (
        <dl key={e.asset} className="defi-summary" aria-label={t('defi.earningsOf', { asset: e.asset })}>
          <div>
            <dt>{t('defi.pledgedAmount')}</dt>
            <dd>{amount(e.pledged, e.asset)}</dd>
          </div>
          <div>
            <dt>{t('defi.todayIncome')}</dt>
            <dd className="defi-summary__gain">{amount(e.today, e.asset)}</dd>
          </div>
          <div>
            <dt>{t('defi.cumulativeIncome')}</dt>
            <dd>{amount(e.cumulative, e.asset)}</dd>
          </div>
          <div>
            <dt>{t('defi.incomeToCome')}</dt>
            <dd>{amount(e.projected, e.asset)}</dd>
          </div>
        </dl>
      ))}
    </>
  );
};
