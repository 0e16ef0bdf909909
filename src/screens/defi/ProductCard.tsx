import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DefiProduct } from '../../../protocol';
import { parseUnits } from '../../../protocol/defiRules';
import { closedReason } from './availability';
import { useDefiFormat } from './format';
import { pluralKey } from '../../i18n/plural';

/** Share of the quota already taken, in whole percent, for the bar (display only). */
const soldPercent = (p: DefiProduct) => {
  const total = parseUnits(p.totalQuota) ?? 0n;
  const left = parseUnits(p.remainingQuota) ?? 0n;
  return total > 0n ? Number(((total - left) * 100n) / total) : 100;
};

/** Where the product's name goes in the button's words. */
const NAME_AT = '\u0000';

/** "Pledge USDT Saver 7", the name on one line where it fits: at 320 px Spanish 'Hacer staking en
 * USDT Saver 7' put "Saver 7" on a line of its own. One element, the button's single flex item. */
const PledgeLabel = ({ name }: { name: string }) => {
  const { t } = useTranslation();
  const [before, after] = t('defi.pledgeProduct', { name: NAME_AT }).split(NAME_AT);
  return (
    <span>
      {before}
      <span className="defi-card__pledge-name">{name}</span>
      {after}
    </span>
  );
};

/** One staking product: its terms, the quota left and how often the reader may still buy it. */
export const ProductCard = ({ product: p, action = true }: { product: DefiProduct; action?: boolean }) => {
  const { t, i18n } = useTranslation();
  const f = useDefiFormat();
  const timesLeft = Math.max(0, p.purchaseLimit - p.purchased);
  const closed = closedReason(p);
  return (
    <article className="defi-card card" aria-labelledby={`defi-product-${p.id}`}>
      <header className="defi-card__head">
        <h2 id={`defi-product-${p.id}`} className="defi-card__name">
          {p.name}
        </h2>
        <span className="badge">
          {t(pluralKey('defi.cycleDays', p.cycleDays, i18n.language), { days: p.cycleDays })}
        </span>
      </header>
      <div className="defi-card__rates">
        <div>
          <span className="defi-card__rate">{f.percent(p.dailyYield)}</span>
          <span className="defi-card__label">{t('defi.dailyYield')}</span>
        </div>
        <div>
          <span className="defi-card__rate defi-card__rate--annual">{f.percent(p.annualRate)}</span>
          <span className="defi-card__label">{t('defi.annualRate')}</span>
        </div>
      </div>
      <dl className="defi-terms">
        <div>
          <dt>{t('defi.limits')}</dt>
          <dd>{t('common.range', { min: f.amount(p.minAmount), max: f.amount(p.maxAmount, p.asset) })}</dd>
        </div>
        <div>
          <dt>{t('defi.remainingQuota')}</dt>
          <dd>{f.amount(p.remainingQuota, p.asset)}</dd>
        </div>
        <div>
          <dt>{t('defi.purchaseLimit')}</dt>
          <dd>{t('defi.timesLeft', { left: timesLeft, limit: p.purchaseLimit })}</dd>
        </div>
      </dl>
      <div
        className="defi-card__quota"
        role="progressbar"
        aria-label={t('defi.quotaSold')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={soldPercent(p)}
      >
        <span style={{ width: `${soldPercent(p)}%` }} />
      </div>
      {action &&
        (closed ? (
          <p className="defi-card__closed">{t(closed)}</p>
        ) : (
          <Link className="btn btn--primary btn--block" to={`/defi/detail?id=${p.id}`}>
            <PledgeLabel name={p.name} />
          </Link>
        ))}
    </article>
  );
};
