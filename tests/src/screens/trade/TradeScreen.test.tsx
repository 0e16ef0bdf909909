import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../../src/components/format';
import { noteOrder } from '../../../../src/hooks/useSpot';
import { i18n, switchI18n } from '../../../../src/i18n';
import TradeScreen from '../../../../src/screens/trade/TradeScreen';
import { setUser } from '../../../../src/state/session';
import { uiState } from '../../../../src/state/ui';
import { afterDoubleTap } from '../../../setup/dom';
import { setupI18n } from '../../../setup/i18n';
import { expectMarked } from '../fieldError';
import { renderScreen } from '../renderScreen';
import { DOGE, PAIRS, RULES, order } from './fixtures';

const api = vi.hoisted(() => ({ order: vi.fn(), cancel: vi.fn(), rules: vi.fn() }));

// The last price the mocked ticker gives; a test may move it, or keep a pair's ticker from coming.
const market = vi.hoisted(() => ({ last: '100000.00', silent: [] as string[] }));
vi.mock('../../../../src/hooks/useMarket', () => ({
  usePairs: () => [...PAIRS, DOGE],
  useTicker: (pair: string) =>
    market.silent.includes(pair) ? undefined : { pair, last: market.last, changePercent: '1.25' },
  useDepth: () => ({
    bids: [
      ['99990.00', '0.50000'],
      ['99980.00', '1.00000'],
    ],
    asks: [
      ['100010.00', '0.25000'],
      ['100020.00', '2.00000'],
    ],
  }),
  useTrades: () => [
    { id: 1, price: '100000.00', qty: '0.01000', side: 'buy', ts: Date.UTC(2027, 0, 15, 10) },
  ],
  useConnection: () => 'open',
}));
// The balances the mocked stream gives; undefined until they arrive.
const BALANCES = [
  { asset: 'USDT', available: '10000', frozen: '0' },
  { asset: 'BTC', available: '0.5', frozen: '0' },
];
const wallet = vi.hoisted(() => ({ balances: undefined as unknown, openOrders: undefined as unknown }));
vi.mock('../../../../src/hooks/useSpot', () => ({
  useBalances: () => wallet.balances,
  useOpenOrders: () => wallet.openOrders,
  noteOrder: vi.fn(),
}));
vi.mock('../../../../src/api/spot', () => ({ spotApi: api }));
vi.mock('../../../../src/api/refreshUser', () => ({ refreshUserInfo: vi.fn(async () => undefined) }));

beforeAll(setupI18n);
beforeEach(() => {
  market.last = '100000.00';
  market.silent = [];
  wallet.balances = BALANCES;
  wallet.openOrders = { list: [order()], total: 1 };
  api.order.mockReset();
  api.cancel.mockReset();
  api.rules.mockResolvedValue(RULES);
});

/** Opens the pair sheet and picks `to`, as a reader does: the sheet comes up under the finger,
 * and the reader looks at it before the next tap (a tap at once would be a double tap's second). */
const pick = async (user: ReturnType<typeof userEvent.setup>, from: RegExp, to: RegExp) => {
  await user.click(screen.getByRole('button', { name: from }));
  afterDoubleTap();
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: to }));
  // The pick closed the sheet: the next tap is a new one too. The pair changes once the sheet's
  // entry in the history has gone (layerHistory).
  afterDoubleTap();
  await screen.findByRole('button', { name: to });
};
const pickEth = (user: ReturnType<typeof userEvent.setup>) => pick(user, /BTC\/USDT/, /ETH\/USDT/);

describe('/trade', () => {
  it('shows the pair, the book with the last price between the sides, the available balance and open orders', async () => {
    renderScreen(<TradeScreen />);
    expect(screen.getByRole('button', { name: /BTC\/USDT/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('book-asks')).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByTestId('book-bids')).getAllByRole('listitem')).toHaveLength(2);
    // Named, as colour and place tell the sides apart only to the eye.
    expect(screen.getByRole('list', { name: 'Ask' })).toBe(screen.getByTestId('book-asks'));
    expect(screen.getByRole('list', { name: 'Bid' })).toBe(screen.getByTestId('book-bids'));
    expect(screen.getByTestId('trade-last')).toHaveTextContent('100,000.00');
    expect(screen.getByTestId('available')).toHaveTextContent('10,000 USDT');
    // Figure and unit stay on one line.
    expect(screen.getByTestId('available').textContent).toBe('10,000\u00a0USDT');
    expect(screen.getByLabelText('Price (USDT)')).toHaveValue('100000.00');
    expect(screen.getAllByTestId('open-order')).toHaveLength(1);
    expect(screen.getByTestId('open-order')).toHaveTextContent('Buy BTC/USDT · Limit');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orderList');
    expect(screen.queryByRole('link', { name: /View all/ })).toBeNull();
  });

  it('dates an open order, which may have rested for days, as the order records do', () => {
    const placed = Date.UTC(2027, 0, 15, 10);
    wallet.openOrders = { list: [order({ createdAt: placed })], total: 1 };
    renderScreen(<TradeScreen />);
    const time = within(screen.getByTestId('open-order')).getByText(formatDateTime(placed, 'en'));
    expect(time).toHaveAttribute('datetime', new Date(placed).toISOString());
  });

  it('says how many open orders it does not show, and leads to them all on the order list', async () => {
    const list = Array.from({ length: 50 }, (_, i) => order({ id: 1200 - i }));
    wallet.openOrders = { list, total: 1234 };
    const user = userEvent.setup();
    const router = renderScreen(<TradeScreen />, { path: '/trade', at: '/trade?coinPair=btcusdt' });
    expect(screen.getAllByTestId('open-order')).toHaveLength(50);
    const more = screen.getByRole('link', { name: 'Showing 50 of 1,234 · View all' });
    expect(more).toHaveAttribute('href', '/orderList?coinPair=btcusdt');
    await user.click(more);
    expect(router.state.location.pathname + router.state.location.search).toBe('/orderList?coinPair=btcusdt');
  });

  it('says there are none when the pair has no open order', () => {
    wallet.openOrders = { list: [], total: 0 };
    renderScreen(<TradeScreen />);
    expect(screen.getByText('No open orders')).toBeInTheDocument();
    expect(screen.queryByTestId('open-order')).toBeNull();
  });

  it('computes the amount from price and quantity, and fills the quantity from a share of the balance', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.015');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('1500');
    await user.click(screen.getByRole('button', { name: '25%' }));
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('2500');
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.025');
    // A digit beyond the pair's precision is refused, not rounded.
    await user.clear(screen.getByLabelText('Quantity (BTC)'));
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.1234567');
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.12345');
    // The amount is what the order freezes: price × quantity to the last digit.
    await user.clear(screen.getByLabelText('Price (USDT)'));
    await user.type(screen.getByLabelText('Price (USDT)'), '97000.13');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('11974.6660485');
  });

  it('sizes a share of the balance chosen before the price at the price typed, instead of wiping it', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    const price = screen.getByLabelText('Price (USDT)');
    await user.clear(price);
    await user.click(screen.getByRole('button', { name: '50%' }));
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('5000');
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('');
    await user.type(price, '97000');
    // 5000 USDT at 97 000 buys 0.05154 BTC in whole lots, which cost 4999.38.
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.05154');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('4999.38');
    // Each new price goes by the 5000 chosen, not by what the last price's lots cost.
    await user.clear(price);
    await user.type(price, '50000');
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.1');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('5000');
  });

  it('keeps the amount typed and follows it with the quantity when the price changes or is tapped', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.type(screen.getByLabelText('Amount (USDT)'), '1000');
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.01');
    await user.click(within(screen.getByTestId('book-asks')).getByRole('button', { name: /100,020.00/ }));
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.00999');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('999.1998');
    // A quantity typed leads from then on: the amount follows it.
    await user.clear(screen.getByLabelText('Quantity (BTC)'));
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.02');
    await user.click(within(screen.getByTestId('book-bids')).getByRole('button', { name: /99,990.00/ }));
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.02');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('1999.8');
  });

  it('turns a market buy’s amount into the whole lots it buys at a price tapped in the book', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.click(screen.getByRole('button', { name: 'Market' }));
    await user.click(screen.getByRole('button', { name: '25%' }));
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('2500');
    await user.click(within(screen.getByTestId('book-asks')).getByRole('button', { name: /100,010.00/ }));
    expect(screen.getByRole('button', { name: 'Limit' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.02499');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('2499.2499');
  });

  it('keeps a sell\u2019s quantity across limit and market, which sell the same coins', async () => {
    const user = userEvent.setup();
    api.order.mockResolvedValue(order());
    renderScreen(<TradeScreen />);
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.25');
    await user.click(screen.getByRole('button', { name: 'Market' }));
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.25');
    await user.click(screen.getByRole('button', { name: 'Sell BTC' }));
    expect(api.order).toHaveBeenLastCalledWith(
      'sell',
      expect.objectContaining({ type: 'market', qty: '0.25' }),
    );
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.1');
    await user.click(screen.getByRole('button', { name: 'Limit' }));
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.1');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('10000');
  });

  it('keeps the amount a buyer chose to spend across limit and market, but not a quantity, which a market buy is not sized by', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.type(screen.getByLabelText('Amount (USDT)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Market' }));
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('1000');
    await user.click(screen.getByRole('button', { name: 'Limit' }));
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.01');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('1000');
    await user.clear(screen.getByLabelText('Quantity (BTC)'));
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.02');
    await user.click(screen.getByRole('button', { name: 'Market' }));
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('');
  });

  it('sizes a quantity typed before the last price came at that price once it comes', async () => {
    const user = userEvent.setup();
    market.silent = ['btcusdt'];
    renderScreen(<TradeScreen />);
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('');
    market.silent = [];
    await user.type(screen.getByLabelText('Quantity (BTC)'), '5');
    expect(screen.getByLabelText('Price (USDT)')).toHaveValue('100000.00');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('1500');
  });

  it('reads a decimal comma, as comma keypads type it, in the price, the quantity and the amount', async () => {
    const user = userEvent.setup();
    api.order.mockResolvedValue(order());
    renderScreen(<TradeScreen />);
    await user.clear(screen.getByLabelText('Price (USDT)'));
    await user.type(screen.getByLabelText('Price (USDT)'), '97000,13');
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0,015');
    expect(screen.getByLabelText('Price (USDT)')).toHaveValue('97000.13');
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.015');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('1455.00195');
    await user.click(screen.getByRole('button', { name: 'Market' }));
    await user.type(screen.getByLabelText('Amount (USDT)'), '250,5');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(api.order).toHaveBeenCalledWith(
      'buy',
      expect.objectContaining({ type: 'market', amount: '250.5' }),
    );
  });

  it('sends a number typed with a point at either end as the plain decimal the server reads', async () => {
    const user = userEvent.setup();
    api.order.mockResolvedValue(order());
    renderScreen(<TradeScreen />);
    await user.clear(screen.getByLabelText('Price (USDT)'));
    await user.type(screen.getByLabelText('Price (USDT)'), '97000.');
    await user.type(screen.getByLabelText('Quantity (BTC)'), '.01');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(api.order).toHaveBeenLastCalledWith(
      'buy',
      expect.objectContaining({ type: 'limit', price: '97000', qty: '0.01' }),
    );
    await user.click(screen.getByRole('button', { name: 'Market' }));
    await user.type(screen.getByLabelText('Amount (USDT)'), '250.');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(api.order).toHaveBeenLastCalledWith(
      'buy',
      expect.objectContaining({ type: 'market', amount: '250' }),
    );
  });

  it('shows, once the amount is left, what the whole lots it buys at the limit cost', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.clear(screen.getByLabelText('Price (USDT)'));
    await user.type(screen.getByLabelText('Price (USDT)'), '97000');
    await user.type(screen.getByLabelText('Amount (USDT)'), '10');
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.0001');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('10');
    await user.tab();
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('9.7');
  });

  it('refuses the decimals of a coin traded in whole units, never joining them to the whole part', async () => {
    const user = userEvent.setup();
    market.last = '0.38000';
    api.order.mockResolvedValue(order());
    renderScreen(<TradeScreen />, { path: '/trade', at: '/trade?coinPair=dogeusdt' });
    await user.type(screen.getByLabelText('Quantity (DOGE)'), '100.5');
    expect(screen.getByLabelText('Quantity (DOGE)')).toHaveValue('100.');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('38');
    await user.click(screen.getByRole('button', { name: 'Buy DOGE' }));
    expect(api.order).toHaveBeenCalledWith(
      'buy',
      expect.objectContaining({ pair: 'dogeusdt', type: 'limit', price: '0.38000', qty: '100' }),
    );
  });

  it('does not take balances still on their way for nothing: no 0 available, no refusal for it', async () => {
    const user = userEvent.setup();
    wallet.balances = undefined;
    api.order.mockResolvedValue(order());
    renderScreen(<TradeScreen />);
    expect(screen.getByTestId('available')).toHaveTextContent('— USDT');
    expect(screen.getByRole('button', { name: '100%' })).toBeDisabled();
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.order).toHaveBeenCalledWith('buy', expect.objectContaining({ qty: '0.01' }));
  });

  it('heads the recent trades\u2019 sizes as the quantity they are, not the amount the form means in USDT', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.click(screen.getByRole('tab', { name: 'Recent trades' }));
    const list = screen.getByTestId('trade-list');
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Price', 'Quantity']);
    expect(within(list).getByRole('row', { name: /0\.01/ })).toBeInTheDocument();
  });

  it('keeps a pasted number finer than the pair takes and says why, sending nothing, and that a grouped one is no price', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.click(screen.getByLabelText('Quantity (BTC)'));
    await user.paste('0.1234567');
    // Dropped, it left an empty field and, on a tap of the button, only "Please enter a quantity".
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.1234567');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(await expectMarked('Quantity (BTC)', 'Too many decimal places (at most 5)')).toHaveFocus();
    expect(api.order).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Quantity (BTC)'));
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.clear(screen.getByLabelText('Price (USDT)'));
    await user.paste('97,000.50');
    // Kept as pasted, for the reader to put right, and said at once under the field.
    expect(screen.getByLabelText('Price (USDT)')).toHaveValue('97,000.50');
    expect(await expectMarked('Price (USDT)', 'Please enter a valid price')).toBeInTheDocument();
    expect(api.order).not.toHaveBeenCalled();
    // An order sent as the form holds it leaves no word about a keystroke it did not take.
    await user.clear(screen.getByLabelText('Price (USDT)'));
    await user.type(screen.getByLabelText('Price (USDT)'), '97000.501');
    expect(screen.getByRole('alert')).toHaveTextContent('Too many decimal places (at most 2)');
    api.order.mockResolvedValue(order());
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(api.order).toHaveBeenCalledWith('buy', expect.objectContaining({ price: '97000.50' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says of an amount pasted too fine that it is, once the price has turned the amount shown into what the lots cost', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.click(screen.getByLabelText('Amount (USDT)'));
    await user.paste('250.123');
    expect(screen.getByLabelText('Amount (USDT)')).toHaveAccessibleDescription(
      'Too many decimal places (at most 2)',
    );
    await user.clear(screen.getByLabelText('Price (USDT)'));
    await user.type(screen.getByLabelText('Price (USDT)'), '50000');
    // 0.005 BTC at 50 000: the amount the reader chose is still the one pasted.
    expect(screen.getByLabelText('Amount (USDT)')).toHaveValue('250');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await expectMarked('Amount (USDT)', 'Too many decimal places (at most 2)');
    expect(api.order).not.toHaveBeenCalled();
  });

  it('says as it is typed that a number with two marks cannot be read, and never reads it as another', async () => {
    const user = userEvent.setup();
    await switchI18n('de');
    try {
      renderScreen(<TradeScreen />);
      const qty = screen.getByLabelText('Menge (BTC)');
      // A German writing a thousand and a half: the first mark is the decimal point (a lone mark
      // always is, README), and the field shows it so at once; the second makes it unreadable.
      await user.type(qty, '1.000');
      expect(qty).toHaveValue('1,000');
      expect(qty).toHaveAttribute('aria-invalid', 'false');
      await user.type(qty, ',');
      expect(qty).toHaveValue('1,000,');
      await expectMarked('Menge (BTC)', 'Bitte geben Sie einen gültigen Betrag ein');
      // The next digit is no reason to read it as 1,0005: it stays what was typed, and said.
      await user.type(qty, '5');
      expect(qty).toHaveValue('1,000,5');
      await expectMarked('Menge (BTC)', 'Bitte geben Sie einen gültigen Betrag ein');
      expect(screen.getByLabelText('Betrag (USDT)')).toHaveValue('');
      // Said the same on a tap of the button, once, and nothing is sent.
      await user.click(screen.getByRole('button', { name: 'BTC kaufen' }));
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(await expectMarked('Menge (BTC)', 'Bitte geben Sie einen gültigen Betrag ein')).toHaveFocus();
      expect(api.order).not.toHaveBeenCalled();
      // Either mark alone is the decimal point: "1.500" is one and a half, shown "1,500".
      await user.clear(qty);
      await user.type(qty, '1.500');
      expect(qty).toHaveValue('1,500');
      // 1.5 BTC at 100 000: the amount says which number was read.
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByLabelText('Betrag (USDT)')).toHaveValue('150000');
      // A paste in English notation is no more read than one in German.
      await user.clear(qty);
      await user.paste('1,000.5');
      expect(qty).toHaveValue('1,000.5');
      await expectMarked('Menge (BTC)', 'Bitte geben Sie einen gültigen Betrag ein');
      await user.clear(qty);
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      await act(() => switchI18n('us'));
    }
  });

  it('takes a price tapped in the book, and what was said of the order before goes', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.clear(screen.getByLabelText('Price (USDT)'));
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('book-bids')).getByRole('button', { name: /99,980.00/ }));
    expect(screen.getByLabelText('Price (USDT)')).toHaveValue('99980.00');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('writes the minimum it checks before sending as the server\u2019s refusal writes it', async () => {
    const user = userEvent.setup();
    api.rules.mockResolvedValue({ ...RULES, minAmount: '1000' });
    renderScreen(<TradeScreen />);
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.001');
    await vi.waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
      expect(screen.getByRole('alert')).toHaveTextContent('The minimum order amount is 1,000 USDT');
    });
    expect(api.order).not.toHaveBeenCalled();
    // Said in the language the reader switches to meanwhile (in another tab), not the one before.
    try {
      await act(() => switchI18n('de'));
      expect(screen.getByRole('alert')).toHaveTextContent('Der Mindestorderwert beträgt 1.000 USDT');
    } finally {
      await act(() => switchI18n('us'));
    }
  });

  it('says what is wrong in the server\u2019s words before sending anything', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.clear(screen.getByLabelText('Price (USDT)'));
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The unit price cannot be empty');
    await user.type(screen.getByLabelText('Price (USDT)'), '100');
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    await screen.findByLabelText('Price (USDT)');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum order amount is 5 USDT');
    await user.clear(screen.getByLabelText('Quantity (BTC)'));
    await user.type(screen.getByLabelText('Quantity (BTC)'), '200');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(api.order).not.toHaveBeenCalled();
  });

  it('says an amount too small for one lot is below the minimum, as the server says it, not that it is invalid', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    // One lot (0.00001 BTC) costs 1 USDT at 100 000: 0.5 USDT buys none.
    await user.type(screen.getByLabelText('Amount (USDT)'), '0.5');
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0');
    await vi.waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
      expect(screen.getByRole('alert')).toHaveTextContent('The minimum order amount is 5 USDT');
    });
    // Once the amount is left it shows what the lots it buys cost, 0; the minimum is still said.
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum order amount is 5 USDT');
    expect(api.order).not.toHaveBeenCalled();
  });

  it('says the cost of one lot is the least an amount can be when the pair\u2019s minimum is lower', async () => {
    const user = userEvent.setup();
    api.rules.mockResolvedValue({ ...RULES, minAmount: '0.1' });
    renderScreen(<TradeScreen />);
    await user.type(screen.getByLabelText('Amount (USDT)'), '0.5');
    await vi.waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
      expect(screen.getByRole('alert')).toHaveTextContent('The minimum order amount is 1 USDT');
    });
    expect(api.order).not.toHaveBeenCalled();
  });

  it('marks the field a problem is about and gives it the focus, and unmarks it once it is typed in', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    const qty = await expectMarked('Quantity (BTC)', 'Please enter a quantity');
    expect(qty).toHaveFocus();
    expect(screen.getByLabelText('Price (USDT)')).toHaveAttribute('aria-invalid', 'false');
    await user.type(qty, '0.01');
    expect(qty).toHaveAttribute('aria-invalid', 'false');
    await user.clear(screen.getByLabelText('Price (USDT)'));
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await expectMarked('Price (USDT)', 'The unit price cannot be empty')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Market' }));
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await expectMarked('Amount (USDT)', 'Please enter an amount');
  });

  it('places a market buy for an amount, and a limit sell with a client order id', async () => {
    const user = userEvent.setup();
    api.order.mockResolvedValue(order());
    renderScreen(<TradeScreen />);
    await user.click(screen.getByRole('button', { name: 'Market' }));
    expect(screen.queryByLabelText('Quantity (BTC)')).toBeNull();
    await user.type(screen.getByLabelText('Amount (USDT)'), '250');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(api.order).toHaveBeenCalledWith(
      'buy',
      expect.objectContaining({ pair: 'btcusdt', type: 'market', amount: '250' }),
    );

    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await user.click(screen.getByRole('button', { name: 'Limit' }));
    await user.click(screen.getByRole('button', { name: '50%' }));
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.25');
    await user.click(screen.getByRole('button', { name: 'Sell BTC' }));
    const [side, body] = api.order.mock.calls[1]!;
    expect(side).toBe('sell');
    expect(body).toMatchObject({ type: 'limit', price: '100000.00', qty: '0.25' });
    expect(body.clientOid).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  });

  it('keeps one client order id for the order the form holds until the server answers it', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    const buy = () => user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    const oidOf = (call: number) => (api.order.mock.calls[call]![1] as { clientOid: string }).clientOid;
    // No answer, then a server fault: the order may be placed, so the same tap asks for it again.
    api.order.mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null });
    await buy();
    api.order.mockRejectedValueOnce({ code: 503, msg: 'app.msg.unexpected_error', data: null });
    await buy();
    const placed = order({ id: 77 });
    api.order.mockResolvedValueOnce(placed);
    await buy();
    expect(oidOf(1)).toBe(oidOf(0));
    expect(oidOf(2)).toBe(oidOf(0));
    // The open orders show the answer at once, socket or not.
    expect(noteOrder).toHaveBeenCalledWith(placed);
    // Answered: the next order, even the same one again, is another.
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    api.order.mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null });
    await buy();
    expect(oidOf(3)).not.toBe(oidOf(0));
    // A changed order is another order; a refusal settles one.
    await user.clear(screen.getByLabelText('Quantity (BTC)'));
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.02');
    api.order.mockRejectedValueOnce({ code: 2001, msg: 'app.msg.insufficient_balance', data: null });
    await buy();
    expect(oidOf(4)).not.toBe(oidOf(3));
    api.order.mockResolvedValueOnce(order());
    await buy();
    expect(oidOf(5)).not.toBe(oidOf(4));
  });

  it('puts the pair it shows into an address naming a pair it does not list, keeping the side', async () => {
    const router = renderScreen(<TradeScreen />, {
      path: '/trade',
      at: '/trade?coinPair=foousdt&direction=sell',
    });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?coinPair=btcusdt&direction=sell'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('button', { name: /BTC\/USDT/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sell' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('fills the price again on coming back to a pair, though the pair between never had a ticker', async () => {
    const user = userEvent.setup();
    market.silent = ['ethusdt'];
    renderScreen(<TradeScreen />, { path: '/trade', at: '/trade' });
    expect(screen.getByLabelText('Price (USDT)')).toHaveValue('100000.00');
    await pickEth(user);
    await vi.waitFor(() => expect(screen.getByLabelText('Price (USDT)')).toHaveValue(''));
    await pick(user, /ETH\/USDT/, /BTC\/USDT/);
    await vi.waitFor(() => expect(screen.getByLabelText('Price (USDT)')).toHaveValue('100000.00'));
  });

  it('switches pairs from the sheet', async () => {
    const user = userEvent.setup();
    const router = renderScreen(<TradeScreen />, { path: '/trade', at: '/trade' });
    await pickEth(user);
    expect(router.state.location.search).toBe('?coinPair=ethusdt');
    expect(screen.getByRole('button', { name: /ETH\/USDT/ })).toBeInTheDocument();
  });

  it('checks a new pair against its own rules, not the last pair\u2019s, and leaves the last pair\u2019s refusal behind', async () => {
    const user = userEvent.setup();
    api.rules.mockImplementation(async (pair: string) => {
      if (pair === 'btcusdt') return { ...RULES, pair, minAmount: '1000' };
      throw { code: 0, msg: 'app.msg.network_error', data: null };
    });
    api.order.mockResolvedValue(order({ pair: 'ethusdt' }));
    renderScreen(<TradeScreen />);
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.001');
    await vi.waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
      expect(screen.getByRole('alert')).toHaveTextContent('The minimum order amount is 1,000 USDT');
    });
    await pickEth(user);
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    // ETH/USDT's rules did not come: the server, not BTC/USDT's minimum, decides.
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy ETH' }));
    await vi.waitFor(() => expect(api.order).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/minimum order amount/)).toBeNull();
  });

  it('says at once that a pair closed to new orders takes none, and sends once it has opened again', async () => {
    const user = userEvent.setup();
    uiState.toasts.length = 0;
    api.rules.mockResolvedValue({ ...RULES, enabled: false });
    api.order.mockResolvedValue(order());
    renderScreen(<TradeScreen />);
    // Before anything is typed: the reader is not left to fill the form in for a refusal.
    expect(await screen.findByText('Spot trading is not enabled for this currency')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    const calls = api.rules.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Spot trading is not enabled for this currency');
    expect(api.order).not.toHaveBeenCalled();
    expect(uiState.toasts).toHaveLength(0);
    // The refusal asks again: a pair opened since is known by the next tap.
    await vi.waitFor(() => expect(api.rules.mock.calls.length).toBeGreaterThan(calls));
    api.rules.mockResolvedValue(RULES);
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await vi.waitFor(() => expect(api.rules.mock.calls.length).toBeGreaterThan(calls + 1));
    await vi.waitFor(() =>
      expect(screen.queryByText('Spot trading is not enabled for this currency')).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await vi.waitFor(() => expect(api.order).toHaveBeenCalledTimes(1));
  });

  it('reads the pair\u2019s rules again when the server refuses an order, so the next check is the server\u2019s', async () => {
    const user = userEvent.setup();
    api.order.mockRejectedValueOnce({
      code: 2001,
      msg: 'app.msg.order_amount_min',
      data: { message: 'app.msg.order_amount_min', value: '1000 USDT' },
    });
    renderScreen(<TradeScreen />);
    await vi.waitFor(() => expect(api.rules).toHaveBeenCalled());
    const calls = api.rules.mock.calls.length;
    api.rules.mockResolvedValue({ ...RULES, minAmount: '1000' });
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.001');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await vi.waitFor(() => expect(api.rules.mock.calls.length).toBeGreaterThan(calls));
    // The operator's new minimum is checked before sending now, not found out from the server.
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum order amount is 1,000 USDT');
    expect(api.order).toHaveBeenCalledTimes(1);
  });

  it('clears the order it placed, not one the reader went on to write while it was on its way', async () => {
    const user = userEvent.setup();
    let answer: (o: ReturnType<typeof order>) => void = () => undefined;
    api.order.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderScreen(<TradeScreen />, { path: '/trade', at: '/trade' });
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await pickEth(user);
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0.05');
    answer(order());
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Buy ETH' })).toBeEnabled());
    expect(screen.getByLabelText('Quantity (ETH)')).toHaveValue('0.05');

    api.order.mockResolvedValueOnce(order({ pair: 'ethusdt' }));
    await user.click(screen.getByRole('button', { name: 'Buy ETH' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Quantity (ETH)')).toHaveValue(''));
  });

  it('says a refusal of the price in the form, where its own checks are said, the limit of a 2001 with it', async () => {
    const user = userEvent.setup();
    uiState.toasts.length = 0;
    api.order.mockRejectedValue({
      code: 2001,
      msg: 'app.msg.order_price_max',
      data: { message: 'app.msg.order_price_max', value: '105000.00' },
    });
    renderScreen(<TradeScreen />);
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    const said = await screen.findByRole('alert');
    expect(said.textContent).toMatch(/105,000\.00$/);
    expect(screen.getByRole('button', { name: 'Buy BTC' })).toHaveAttribute('aria-describedby', said.id);
    // Said once: no toast over the form as well.
    expect(uiState.toasts).toHaveLength(0);
    // The server's refusal too follows a language chosen meanwhile.
    try {
      await act(() => switchI18n('de'));
      expect(screen.getByRole('alert').textContent).toBe(`${i18n.t('app.msg.order_price_max')}105.000,00`);
    } finally {
      await act(() => switchI18n('us'));
    }
  });

  it('marks the field the server refused, as its own checks mark it, and gives it the focus', async () => {
    const user = userEvent.setup();
    api.order.mockRejectedValueOnce({
      code: 2001,
      msg: 'app.msg.order_price_min',
      data: { message: 'app.msg.order_price_min', value: '95000.00' },
    });
    renderScreen(<TradeScreen />);
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await expectMarked('Price (USDT)', /95,000\.00$/)).toHaveFocus();
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveAttribute('aria-invalid', 'false');
    // A market buy is sized by its amount: a size the server cannot read is that field's.
    api.order.mockRejectedValueOnce({ code: 400, msg: 'app.msg.amount_invalid', data: null });
    await user.click(screen.getByRole('button', { name: 'Market' }));
    await user.type(screen.getByLabelText('Amount (USDT)'), '100');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await expectMarked('Amount (USDT)', 'Please enter a valid amount')).toHaveFocus();
  });

  it('still toasts a refusal of the whole order', async () => {
    const user = userEvent.setup();
    uiState.toasts.length = 0;
    api.order.mockRejectedValue({ code: 403, msg: 'app.msg.trading_disabled', data: null });
    renderScreen(<TradeScreen />);
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await vi.waitFor(() => expect(uiState.toasts).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a reader the server refuses for want of verification on to it, as the gate does', async () => {
    const user = userEvent.setup();
    setUser({ token: 'tok', userinfo: { certification: null } });
    api.order.mockRejectedValue({ code: 403, msg: 'app.msg.verification_required', data: null });
    const router = renderScreen(<TradeScreen />, { path: '/trade', at: '/trade' });
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/authentication'));
  });

  it('keeps a price the reader cleared clear as the market moves, and asks for one', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.clear(screen.getByLabelText('Price (USDT)'));
    market.last = '100050.00';
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    expect(screen.getByLabelText('Price (USDT)')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The unit price cannot be empty');
    expect(api.order).not.toHaveBeenCalled();
  });

  it('leaves a price tapped in the book with its pair', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />, { path: '/trade', at: '/trade' });
    await user.click(within(screen.getByTestId('book-bids')).getByRole('button', { name: /99,980.00/ }));
    await pickEth(user);
    await vi.waitFor(() => expect(screen.getByLabelText('Price (USDT)')).not.toHaveValue('99980.00'));
  });

  it('lets the reader delete digits of a computed amount finer than they could type', async () => {
    const user = userEvent.setup();
    renderScreen(<TradeScreen />);
    await user.clear(screen.getByLabelText('Price (USDT)'));
    await user.type(screen.getByLabelText('Price (USDT)'), '97000.13');
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.015');
    const amount = screen.getByLabelText('Amount (USDT)');
    expect(amount).toHaveValue('1455.00195');
    await user.type(amount, '{Backspace}{Backspace}{Backspace}');
    expect(amount).toHaveValue('1455.00');
    await user.type(amount, '9');
    expect(amount).toHaveValue('1455.00');
    await user.type(amount, '{Backspace}{Backspace}9');
    expect(amount).toHaveValue('1455.9');
  });

  it('says "too late" when the order filled before the cancel reached it', async () => {
    const user = userEvent.setup();
    uiState.toasts.length = 0;
    api.cancel.mockResolvedValue(order({ status: 'app.data.order_completed' }));
    renderScreen(<TradeScreen />);
    await user.click(within(screen.getByTestId('open-order')).getByRole('button', { name: 'Cancel order' }));
    await vi.waitFor(() =>
      expect(uiState.toasts.map((t) => t.text)).toEqual([
        'Too late to cancel: the order has already been filled',
      ]),
    );
  });

  it('cancels an open order', async () => {
    const user = userEvent.setup();
    api.cancel.mockResolvedValue(order({ status: 'app.data.order_cancelled' }));
    renderScreen(<TradeScreen />);
    await user.click(within(screen.getByTestId('open-order')).getByRole('button', { name: 'Cancel order' }));
    expect(api.cancel).toHaveBeenCalledWith(7);
  });
});
