import { Decimal } from '../../components/decimal';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PairInfo } from '../../../protocol/market';
import { afterLayerLeaves } from '../../app/layerHistory';
import type { SpotPairRules } from '../../../protocol/spot';
import { COIN_PAIR_PARAM, coinPairOf } from '../../../protocol/routes';
import { failureText, limitText } from '../../api/client';
import { sayAtFields } from '../../api/fieldRefusals';
import { createIntentKeys } from '../../api/requestKey';
import { spotApi } from '../../api/spot';
import { verifiedAction } from '../../app/verificationPrompt';
import { ChangeBadge } from '../../components/ChangeBadge';
import { ConnectionBanner } from '../../components/ConnectionBanner';
import { DecimalField } from '../../components/form/DecimalField';
import { formatDecimal } from '../../components/format';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { TradeList } from '../../components/TradeList';
import { Tabs } from '../../components/Tabs';
import { usePairs, useTicker, useTrades } from '../../hooks/useMarket';
import { usePairInAddress } from '../../hooks/usePairInAddress';
import { noteOrder, useBalances, useOpenOrders } from '../../hooks/useSpot';
import { translateKey } from '../../i18n';
import { showToast } from '../../state/ui';
import { MiniBook } from './MiniBook';
import { OpenOrders } from './OpenOrders';
import {
  NO_SIZE,
  PERCENTS,
  fieldPlaces,
  amountFrom,
  formProblem,
  fromPercent,
  toRequest,
  withAmount,
  withPrice,
  withQty,
  withType,
  type OrderFormState,
  type Side,
  type OrderField,
  UNREADABLE,
} from './orderForm';
import { PairSheet } from './PairSheet';
import { whileBusy } from '../../components/form/whileBusy';
import { useFocusRefused } from '../../hooks/useFocusRefused';

/** The server's refusals of the order's price or size. */
const ORDER_REFUSALS = {
  price: ['app.msg.price_invalid', 'app.msg.order_price_min', 'app.msg.order_price_max'],
  amount: ['app.msg.amount_invalid', 'app.msg.order_amount_min', 'app.msg.insufficient_balance'],
};

const EMPTY: Omit<OrderFormState, 'side' | 'type'> = { price: '', ...NO_SIZE };

/** A price tapped in the book; `at` tells two taps on the same price apart. */
interface Picked {
  price: string;
  at: number;
}

const OrderForm = ({
  pair,
  rules,
  picked,
  initialSide,
  onRefused,
}: {
  pair: PairInfo;
  rules: SpotPairRules | undefined;
  picked: Picked | undefined;
  /** From the market detail's buy and sell links (`direction`). */
  initialSide: Side;
  /** An order was refused: the pair's rules may have changed since they were read. */
  onRefused: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const ticker = useTicker(pair.symbol);
  const balances = useBalances();
  const [state, setState] = useState<OrderFormState>({ side: initialSide, type: 'limit', ...EMPTY });
  // What is wrong with the order, said in one line above the button, and the field it is about
  // when it is one field's (that field is marked wrong and described by the line). Said when it is
  // shown, so a language chosen meanwhile (in another tab) says it too.
  const [problem, setProblem] = useState<
    { say: () => string; field?: OrderField; closed?: boolean } | undefined
  >();
  const problemId = useId();
  // A refused order's field takes the focus once it is marked, as on every other form.
  const focusRefused = useFocusRefused();
  const [busy, setBusy] = useState(false);
  // The client order id of the order the form holds, kept until the server answers it: a tap
  // after a lost answer reaches the order that may already be placed instead of placing another.
  const [oids] = useState(createIntentKeys);
  const navigate = useNavigate();
  const payAsset = state.side === 'buy' ? pair.quote : pair.base;
  // Unknown until the balances arrive: not a balance of 0, which refused every order as
  // insufficient and made 100 % of it nothing.
  const available = balances && (balances.find((b) => b.asset === payAsset)?.available ?? '0');
  const num = (v: string) => formatDecimal(v, i18n.language);
  const places = fieldPlaces(pair);

  // A new pair starts a fresh form at its last price, once per visit: a price the reader clears
  // stays clear (the order then says a price is needed) instead of coming back with the next tick.
  // Each visit starts unpriced, so coming back to a pair (A, B, A) prices it again even when the
  // pair in between never had a ticker to take the mark from A.
  const pricedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    pricedFor.current = undefined;
    setState((s) => ({ ...s, ...EMPTY }));
    setProblem(undefined);
  }, [pair.symbol]);
  const last = ticker?.last;
  useEffect(() => {
    if (!last || pricedFor.current === pair.symbol) return;
    pricedFor.current = pair.symbol;
    // A size chosen before the price came (a share tapped, a quantity typed) is sized at it.
    setState((s) =>
      s.price === '' ? { ...s, ...withPrice(s, new Decimal(last).toFixed(pair.pricePrecision), pair) } : s,
    );
  }, [last, pair]);

  // A price tapped in the book, when it is tapped: never again for the next pair. It changes the
  // order, so what was said of the order before goes, as with any other change.
  useEffect(() => {
    if (!picked) return;
    setProblem(undefined);
    setState((s) => {
      const limit = { ...s, type: 'limit' as const };
      return { ...limit, ...withPrice(limit, picked.price, pair) };
    });
    // The pair is read when a price is tapped, not followed: a new pair never takes the last one's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picked]);

  // A pair found open again takes orders: its closing is no longer what is wrong.
  const open = rules?.enabled === true;
  useEffect(() => {
    if (open) setProblem((p) => (p?.closed ? undefined : p));
  }, [open]);

  const update = (patch: Partial<OrderFormState>) => {
    setProblem(undefined);
    setState((s) => ({ ...s, ...patch }));
  };
  const typed = (field: OrderField) => (value: string) => {
    if (field === 'price') update(withPrice(state, value, pair));
    else if (field === 'qty') update(withQty(state, value));
    else update(withAmount(state, value, pair));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // Held here: the event lets go of its target once it has been handled, before any answer.
    const form = e.currentTarget;
    const p = formProblem(state, pair, rules, available, last);
    // Text that is no number, or a figure pasted too fine, is said under its field as it is typed:
    // not said twice.
    setProblem(
      p && !p.atField
        ? {
            say: () =>
              p.places === undefined
                ? limitText(p.message, p.value ?? '')
                : t(p.message, { places: p.places }),
            field: p.field,
            closed: p.message === 'app.msg.spot_not_enabled',
          }
        : undefined,
    );
    if (p) {
      if (p.field) focusRefused(form);
      // Closed by the rules as read: the next tap goes by whether the pair has opened since.
      if (p.message === 'app.msg.spot_not_enabled') onRefused();
      return;
    }
    setBusy(true);
    const sent = state;
    const sizeField: OrderField = state.type === 'market' && state.side === 'buy' ? 'amount' : 'qty';
    const intended = { side: state.side, ...toRequest(state, pair.symbol, '') };
    try {
      const placed = await sayAtFields(
        () =>
          oids.send(JSON.stringify(intended), (clientOid) =>
            verifiedAction(
              () => spotApi.order(state.side, toRequest(state, pair.symbol, clientOid)),
              navigate,
            ),
          ),
        ORDER_REFUSALS,
        // Where the form's own checks are said, with the limit of a limit failure, and marking the
        // field they would mark: the price, or the size of an order the server cannot read. The
        // minimum and the balance are the whole order's, as they are before sending.
        (field, key, failure) => {
          const at = field === 'price' ? 'price' : key === 'app.msg.amount_invalid' ? sizeField : undefined;
          setProblem({ say: () => failureText(failure), field: at });
          if (at) focusRefused(form);
        },
      );
      noteOrder(placed);
      showToast(t('trade.placed'));
      // Only the order placed is cleared: one the reader went on to write while it was on its way
      // (another pair's, or this one changed) is theirs to send.
      setState((s) => (s === sent ? { ...s, ...NO_SIZE } : s));
    } catch {
      // Said in the form, or shown by verifiedAction, which sent the reader on where it had to.
      // Only a refusal settles the order; after no answer or a server fault it may have been
      // placed, and the same order keeps its id. The form's own checks then go by the rules the
      // server holds now (a pair closed, a minimum raised), not those read on arrival.
      onRefused();
    } finally {
      setBusy(false);
    }
  };

  const marketBuy = state.type === 'market' && state.side === 'buy';
  const coin = pair.base;
  return (
    <form className="order-form" onSubmit={(e) => void submit(e)} noValidate data-testid="order-form">
      <div className="order-form__sides" role="group" aria-label={t('trade.side')}>
        {(['buy', 'sell'] as Side[]).map((side) => (
          <button
            key={side}
            type="button"
            className={`order-form__side order-form__side--${side}${state.side === side ? ' is-active' : ''}`}
            aria-pressed={state.side === side}
            onClick={() => update({ side, ...NO_SIZE })}
          >
            {t(`trade.${side}`)}
          </button>
        ))}
      </div>
      <div className="seg-control order-form__types" role="group" aria-label={t('trade.orderType')}>
        {(['limit', 'market'] as const).map((type) => (
          <button
            key={type}
            type="button"
            className={`seg-control__option${state.type === type ? ' is-active' : ''}`}
            aria-pressed={state.type === type}
            onClick={() => update(withType(state, type, pair))}
          >
            {t(`trade.${type}`)}
          </button>
        ))}
      </div>
      {state.type === 'limit' ? (
        <DecimalField
          label={t('trade.price', { coin: pair.quote })}
          value={state.price}
          onChange={typed('price')}
          problemId={problem?.field === 'price' ? problemId : undefined}
          places={places.price}
          unreadable={UNREADABLE.price}
        />
      ) : (
        <p className="order-form__market muted">{t('trade.marketPrice')}</p>
      )}
      {!marketBuy && (
        <DecimalField
          label={t('trade.qty', { coin })}
          value={state.qty}
          onChange={typed('qty')}
          problemId={problem?.field === 'qty' ? problemId : undefined}
          places={places.qty}
        />
      )}
      {(state.type === 'limit' || marketBuy) && (
        <DecimalField
          label={t('trade.amount', { coin: pair.quote })}
          value={state.amount}
          onChange={typed('amount')}
          problemId={problem?.field === 'amount' ? problemId : undefined}
          places={places.amount}
          // A limit order trades whole lots: once the reader is done with the amount it shows what
          // the quantity it bought costs, which is what the server freezes and checks against the
          // minimum (10 USDT at 97 000 buys 0.0001 BTC, 9.7 USDT).
          onBlur={() => {
            if (state.type === 'limit' && state.qty)
              setState((s) => ({ ...s, amount: amountFrom(s.price, s.qty) }));
          }}
        />
      )}
      <div className="order-form__percents" role="group" aria-label={t('trade.percentOf')}>
        {PERCENTS.map((pct) => (
          <button
            key={pct}
            type="button"
            className="chip"
            disabled={available === undefined}
            onClick={() => available !== undefined && update(fromPercent(pct, state, available, pair))}
          >
            {pct}%
          </button>
        ))}
      </div>
      <p className="order-form__available">
        <span className="muted">{t('trade.available')}</span>{' '}
        {/* The unit never takes a line of its own (German's longer label pushed USDT under the
            figure). */}
        <span data-testid="available">
          {available === undefined ? '—' : num(new Decimal(available).toFixed())}
          {'\u00a0'}
          {payAsset}
        </span>
      </p>
      {problem ? (
        <p id={problemId} className="field__error" role="alert">
          {problem.say()}
        </p>
      ) : (
        // Said before anything is typed: the reader is not left to fill the form in for a refusal.
        rules?.enabled === false && (
          <p className="field__error" role="status">
            {translateKey('app.msg.spot_not_enabled')}
          </p>
        )
      )}
      <button
        type="submit"
        className={`btn btn--block ${state.side === 'buy' ? 'btn--up' : 'btn--down'}`}
        {...whileBusy(busy)}
        aria-describedby={problem ? problemId : undefined}
      >
        {t(state.side === 'buy' ? 'trade.buyCoin' : 'trade.sellCoin', { coin })}
      </button>
    </form>
  );
};

const Records = ({ pair }: { pair: string }) => {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'open' | 'trades'>('open');
  const orders = useOpenOrders(pair);
  const trades = useTrades(pair);
  return (
    <Tabs
      label={t('trade.records')}
      value={tab}
      onChange={setTab}
      items={[
        { key: 'open', label: t('trade.openOrders') },
        { key: 'trades', label: t('trade.trades') },
      ]}
    >
      {tab === 'open' ? <OpenOrders pair={pair} orders={orders} /> : <TradeList trades={trades} />}
    </Tabs>
  );
};

/** /trade: pick a pair, buy or sell at market or a limit, watch the book and the open orders. */
const TradeScreen = () => {
  const { t } = useTranslation();
  const pairs = usePairs();
  const [params, setParams] = useSearchParams();
  const wanted = coinPairOf(params);
  const pair = pairs?.find((p) => p.symbol === wanted) ?? pairs?.[0];
  usePairInAddress(pair?.symbol);
  const ticker = useTicker(pair?.symbol ?? '');
  const [sheet, setSheet] = useState(false);
  const [rules, setRules] = useState<SpotPairRules | undefined>();
  const [picked, setPicked] = useState<Picked | undefined>();
  // Counts the refused orders, each of which reads the pair's rules again.
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (!pair) return;
    let live = true;
    spotApi.rules(pair.symbol).then(
      (r) => live && setRules(r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [pair, refusals]);

  if (!pairs || !pair) return <Spinner />;
  return (
    <div className="trade">
      <NavBar
        title={t('route.trade')}
        back={false}
        actions={
          <Link className="navbar__link" to="/orderList">
            {t('trade.allOrders')}
          </Link>
        }
      />
      <ConnectionBanner />
      <button type="button" className="trade__pair" onClick={() => setSheet(true)} aria-haspopup="dialog">
        <span className="trade__pair-name">{pair.name}</span>
        <span aria-hidden="true">▾</span>
        <ChangeBadge changePercent={ticker?.changePercent} />
      </button>
      <div className="trade__grid">
        <OrderForm
          pair={pair}
          // Another pair's rules (its minimum) are not this one's: none until this pair's arrive,
          // and the server then decides.
          rules={rules?.pair === pair.symbol ? rules : undefined}
          picked={picked}
          initialSide={params.get('direction') === 'sell' ? 'sell' : 'buy'}
          onRefused={() => setRefusals((n) => n + 1)}
        />
        <MiniBook
          pair={pair.symbol}
          base={pair.base}
          quote={pair.quote}
          onPrice={(price) => setPicked({ price, at: Date.now() })}
        />
      </div>
      <Records pair={pair.symbol} />
      {sheet && (
        <PairSheet
          pairs={pairs}
          value={pair.symbol}
          onClose={() => setSheet(false)}
          onPick={(symbol) => {
            setSheet(false);
            afterLayerLeaves(() =>
              setParams({ [COIN_PAIR_PARAM]: symbol }, { replace: true, preventScrollReset: true }),
            );
          }}
        />
      )}
    </div>
  );
};

export default TradeScreen;
