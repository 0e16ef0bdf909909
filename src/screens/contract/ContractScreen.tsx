import { Decimal } from '../../components/decimal';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ContractDirection, ContractOrder, ContractPairConfig } from '../../../protocol/contracts';
import { COIN_PAIR_PARAM, coinPairOf } from '../../../protocol/routes';
import { contractApi } from '../../api/contract';
import { createIntentKeys, isRefusal } from '../../api/requestKey';
import { sayAtFields } from '../../api/fieldRefusals';
import { verifiedAction } from '../../app/verificationPrompt';
import { ChangeBadge } from '../../components/ChangeBadge';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import {
  formatDecimal,
  formatMoney,
  formatPercent,
  formatSignedMoney,
  withUnit,
} from '../../components/format';
import { ASSET_SCALE } from '../../../protocol/assets';
import { canonicalDecimal } from '../../components/form/decimalInput';
import { DecimalField } from '../../components/form/DecimalField';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { refreshContractInfo, useContractInfo } from '../../hooks/useContracts';
import { useTicker } from '../../hooks/useMarket';
import { usePair } from '../../hooks/usePair';
import { usePairInAddress } from '../../hooks/usePairInAddress';
import { useBalances } from '../../hooks/useSpot';
import { CountdownSheet } from './CountdownSheet';
import { watchOutcome } from './outcomes';
import { AMOUNT_REFUSALS, LIMIT_ERRORS, amountError, expectedOf, quickPicks, trimZeros } from './figures';
import { RunningContracts } from './RunningContracts';
import { whileBusy } from '../../components/form/whileBusy';

// The chart library is loaded only where a chart is shown, in its own chunk.
const PriceChart = lazy(() => import('../../components/PriceChart'));

const PairSwitcher = ({
  pairs,
  value,
  onChange,
}: {
  pairs: readonly ContractPairConfig[];
  value: string;
  onChange: (pair: string) => void;
}) => {
  const { t } = useTranslation();
  return (
    <nav className="chip-row pair-switcher" aria-label={t('contract.pair')}>
      {pairs.map((p) => (
        <button
          key={p.pair}
          type="button"
          className={`chip${p.pair === value ? ' is-active' : ''}`}
          aria-pressed={p.pair === value}
          onClick={() => onChange(p.pair)}
        >
          {p.name}
        </button>
      ))}
    </nav>
  );
};

const LastPrice = ({ pair }: { pair: ContractPairConfig }) => {
  const { t, i18n } = useTranslation();
  const ticker = useTicker(pair.pair);
  return (
    <div className="contract-price">
      <span className="contract-price__name">{pair.name}</span>
      <span className="visually-hidden">{t('contract.lastPrice')} </span>
      <span className="contract-price__last" data-testid="last-price">
        {ticker ? formatDecimal(ticker.last, i18n.language) : '—'}
      </span>
      <ChangeBadge changePercent={ticker?.changePercent} />
    </div>
  );
};

/** A pair or a cycle taken off the offer while the form was set to it. */
type Withdrawn =
  { kind: 'pair'; name: string; other: string } | { kind: 'cycle'; name: string; minutes: number };

/** /contract: pick a pair and a cycle, stake an amount, buy up or down, watch it run. */
const ContractScreen = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const info = useContractInfo();
  const [params, setParams] = useSearchParams();
  const wanted = coinPairOf(params);
  const pair = info?.pairs.find((p) => p.pair === wanted) ?? info?.pairs[0];
  usePairInAddress(pair?.pair);
  const [minutes, setMinutes] = useState<number | undefined>();
  const cycle = pair?.cycles.find((c) => c.minutes === minutes) ?? pair?.cycles[0];
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [withdrawn, setWithdrawn] = useState<Withdrawn | undefined>();
  // Typed or picked, a new amount is judged anew: what was said of the last one goes.
  const changeAmount = (v: string) => {
    setAmount(v);
    setError(undefined);
    setWithdrawn(undefined);
  };

  // A pair or a cycle the operator takes off the offer while the form is set to it: the screen
  // falls back to another, and says so, and the amount typed for the old one goes, so that one
  // more tap does not open a contract the reader never chose.
  const shown = useRef<{ pair: string; name: string; minutes: number } | undefined>(undefined);
  useEffect(() => {
    if (!info || !pair || !cycle) return;
    const before = shown.current;
    shown.current = { pair: pair.pair, name: pair.name, minutes: cycle.minutes };
    if (!before) return;
    const gone =
      before.pair !== pair.pair && !info.pairs.some((p) => p.pair === before.pair)
        ? ({ kind: 'pair', name: before.name, other: pair.name } as const)
        : before.pair === pair.pair &&
            before.minutes !== cycle.minutes &&
            !pair.cycles.some((c) => c.minutes === before.minutes)
          ? ({ kind: 'cycle', name: pair.name, minutes: before.minutes } as const)
          : undefined;
    if (!gone) return;
    setWithdrawn(gone);
    setAmount('');
    setError(undefined);
    setMinutes(undefined);
  }, [info, pair, cycle]);
  const [busy, setBusy] = useState(false);
  const [running, setRunning] = useState<ContractOrder | undefined>();
  const [keys] = useState(createIntentKeys);
  const asset = pair?.asset ?? 'USDT';
  // The live balances, as /trade has them: a stake, a settlement or a deposit shows at once.
  const balances = useBalances();
  const available = balances && (balances.find((b) => b.asset === asset)?.available ?? '0');

  const precision = usePair(pair?.pair)?.pricePrecision ?? 2;
  // "10." and "010" are read as the 10 a person means by them, as every amount field reads them.
  const value = canonicalDecimal(amount);
  // Only an amount the cycle takes earns anything: "+40,000 USDT" beside "over the limit" read as
  // an offer.
  const expected = useMemo(
    () => (cycle && !amountError(value, cycle) ? expectedOf(value, cycle.rate) : undefined),
    [value, cycle],
  );

  if (!info) return <Spinner />;
  if (!pair || !cycle) {
    return (
      <>
        <NavBar title={t('route.contract')} back={false} />
        <section className="empty-state">
          <p className="empty-state__text">{t('contract.closed')}</p>
        </section>
      </>
    );
  }

  // Over the live balance is said beside the amount, as a limit is, not after a round trip.
  const checkAmount = () => {
    const problem =
      amountError(value, cycle) ??
      (available !== undefined && new Decimal(value).gt(available)
        ? 'app.msg.insufficient_balance'
        : undefined);
    setError(problem);
    return problem;
  };

  const place = async (direction: ContractDirection) => {
    if (busy) return;
    if (checkAmount()) return;
    setBusy(true);
    const intended = {
      pair: pair.pair,
      direction,
      cycle: cycle.minutes,
      amount: new Decimal(value).toFixed(),
    };
    // The rate is what the reader was shown, not part of the intent: after a lost answer the same
    // order keeps its key even if the rate has been read again since.
    try {
      const order = await sayAtFields(
        () =>
          keys.send(JSON.stringify(intended), (requestKey) =>
            verifiedAction(() => contractApi.order({ ...intended, rate: cycle.rate, requestKey }), navigate),
          ),
        { amount: AMOUNT_REFUSALS },
        (_, key) => setError(key),
      );
      setRunning(order);
      watchOutcome(order);
    } catch (err) {
      // verifiedAction has shown the failure and sent the reader on where it had to. A refusal
      // may come from a rate or a limit changed since the screen read them: read them again.
      if (isRefusal(err)) refreshContractInfo();
    } finally {
      setBusy(false);
    }
  };
  // The keyboard's Enter (Go) cannot tell up from down, so it places nothing; it says what is wrong
  // with the amount, where it did nothing at all.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    checkAmount();
  };
  const num = (v: string) => formatDecimal(v, i18n.language);

  return (
    <div className="contract">
      <NavBar
        title={t('route.contract')}
        back={false}
        actions={
          <Link className="navbar__link" to="/contractList">
            {t('contract.records')}
          </Link>
        }
      />
      <ConnectionBanner />
      <PairSwitcher
        pairs={info.pairs}
        value={pair.pair}
        onChange={(p) => {
          setParams({ [COIN_PAIR_PARAM]: p }, { replace: true, preventScrollReset: true });
          setMinutes(undefined);
          setError(undefined);
          setWithdrawn(undefined);
        }}
      />
      {withdrawn && (
        <p className="risk-notice contract-withdrawn" role="status">
          {withdrawn.kind === 'pair'
            ? t('contract.pairClosed', { name: withdrawn.name, other: withdrawn.other })
            : t('contract.cycleClosed', {
                name: withdrawn.name,
                cycle: t('contract.cycleMinutes', { count: withdrawn.minutes }),
              })}
        </p>
      )}
      <LastPrice pair={pair} />
      <Suspense
        fallback={
          <div className="chart chart--loading">
            <Spinner />
          </div>
        }
      >
        <PriceChart pair={pair.pair} name={pair.name} interval="1m" precision={precision} />
      </Suspense>
      <form className="contract-form" onSubmit={onSubmit} noValidate>
        <fieldset className="field cycle-field">
          <legend className="field__label">{t('contract.cycle')}</legend>
          <div className="chip-row cycle-chips">
            {pair.cycles.map((c) => (
              <button
                key={c.minutes}
                type="button"
                className={`cycle-chip${c.minutes === cycle.minutes ? ' is-active' : ''}`}
                aria-pressed={c.minutes === cycle.minutes}
                onClick={() => {
                  setMinutes(c.minutes);
                  // Another cycle has other limits: what was said of the amount was said of its own.
                  setError(undefined);
                  setWithdrawn(undefined);
                }}
              >
                <span className="cycle-chip__time">{t('contract.cycleMinutes', { count: c.minutes })}</span>
                <span className="cycle-chip__rate">
                  {t('contract.payoutRate', { rate: formatPercent(trimZeros(c.rate), i18n.language) })}
                </span>
              </button>
            ))}
          </div>
        </fieldset>
        <DecimalField
          label={t('contract.amount', { asset })}
          value={amount}
          onChange={changeAmount}
          places={ASSET_SCALE}
          error={error}
          errorSuffix={
            error && LIMIT_ERRORS.includes(error)
              ? ` (${withUnit(t('common.range', { min: num(cycle.min), max: num(cycle.max) }), asset)})`
              : undefined
          }
          hint={t('contract.limits', { min: num(cycle.min), max: num(cycle.max), asset })}
        />
        <div className="chip-row quick-picks" role="group" aria-label={t('contract.quickPicks')}>
          {quickPicks(cycle).map((v) => (
            <button key={v} type="button" className="chip" onClick={() => changeAmount(v)}>
              {num(v)}
            </button>
          ))}
        </div>
        <dl className="kv">
          <div className="kv__row">
            <dt>{t('contract.available')}</dt>
            <dd>{available === undefined ? '—' : withUnit(formatMoney(available, i18n.language), asset)}</dd>
          </div>
          <div className="kv__row">
            <dt>{t('contract.expected')}</dt>
            <dd className="price--up" data-testid="expected">
              {expected === undefined ? '—' : withUnit(formatSignedMoney(expected, i18n.language), asset)}
            </dd>
          </div>
        </dl>
        <div className="contract-actions">
          <button type="button" className="btn btn--up" {...whileBusy(busy)} onClick={() => void place('up')}>
            {t('app.data.contract_up')}
          </button>
          <button
            type="button"
            className="btn btn--down"
            {...whileBusy(busy)}
            onClick={() => void place('down')}
          >
            {t('app.data.contract_down')}
          </button>
        </div>
        <p className="risk-notice" role="note">
          {t('contract.risk')}
        </p>
      </form>
      <RunningContracts pair={pair.pair} onOpen={setRunning} />
      {running && <CountdownSheet placed={running} onClose={() => setRunning(undefined)} />}
    </div>
  );
};

export default ContractScreen;
