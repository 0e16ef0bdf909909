import type { ContractInfo, ContractOrder } from '../../../../protocol';

const T = Date.UTC(2027, 0, 15, 10, 0, 0);

export const INFO: ContractInfo = {
  pairs: [
    {
      pair: 'btcusdt',
      name: 'BTC/USDT',
      asset: 'USDT',
      enabled: true,
      cycles: [
        { minutes: 1, rate: '80.00', min: '10', max: '50000' },
        { minutes: 5, rate: '88.00', min: '10', max: '50000' },
      ],
    },
    {
      pair: 'ethusdt',
      name: 'ETH/USDT',
      asset: 'USDT',
      enabled: true,
      cycles: [{ minutes: 3, rate: '85.00', min: '20', max: '1000' }],
    },
  ],
  directionname: { up: 'app.data.contract_up', down: 'app.data.contract_down' },
  statusname: {
    pending: 'app.data.contract_pending',
    closing: 'app.data.contract_closing',
    completed: 'app.data.contract_completed',
  },
  resultname: {
    win: 'app.data.contract_win',
    loss: 'app.data.contract_loss',
    tie: 'app.data.contract_tie',
    void: 'app.data.contract_void',
  },
  serverTime: T,
};

export const pending = (over: Partial<ContractOrder> = {}): ContractOrder => ({
  id: 41,
  pair: 'btcusdt',
  name: 'BTC/USDT',
  asset: 'USDT',
  direction: 'up',
  directionname: 'app.data.contract_up',
  cycle: 1,
  amount: '100',
  rate: '80.00',
  expected: '80',
  openAt: T,
  closeAt: T + 60_000,
  openPrice: '97000.00',
  closePrice: null,
  status: 'pending',
  statusname: 'app.data.contract_pending',
  result: null,
  resultname: null,
  payout: null,
  profit: null,
  settledAt: null,
  openTick: { id: 501, ts: T - 120, price: '97000.00', source: 'simulator' },
  closeTick: null,
  ...over,
});

export const won = (over: Partial<ContractOrder> = {}): ContractOrder =>
  pending({
    status: 'completed',
    statusname: 'app.data.contract_completed',
    result: 'win',
    resultname: 'app.data.contract_win',
    closePrice: '97012.50',
    payout: '180',
    profit: '80',
    settledAt: T + 60_300,
    closeTick: { id: 777, ts: T + 59_990, price: '97012.50', source: 'simulator' },
    ...over,
  });

/** A settled win whose figures run into the thousands and carry their own decimals (a trailing
 * zero included), for the number format of each language. */
export const wonLarge = (over: Partial<ContractOrder> = {}): ContractOrder =>
  won({
    id: 38,
    amount: '1250.5',
    expected: '1000.4',
    openPrice: '97016.25',
    closePrice: '97104.30',
    payout: '2250.9',
    profit: '1000.4',
    openTick: { id: 502, ts: T - 80, price: '97016.25', source: 'simulator' },
    closeTick: { id: 778, ts: T + 59_995, price: '97104.30', source: 'simulator' },
    ...over,
  });

/** wonLarge's figures as each language writes them: German groups with '.' and decimals with ','; a
 * figure keeps its coin on its line (a no-break space), but in a sentence (`payout`). */
export const LARGE_FIGURES = [
  {
    lang: 'de',
    amount: '1.250,50\u00a0USDT',
    expected: '+1.000,40\u00a0USDT',
    open: '97.016,25',
    close: '97.104,30',
    profit: '+1.000,40\u00a0USDT',
    payout: '2.250,90 USDT',
  },
  {
    lang: 'us',
    amount: '1,250.50\u00a0USDT',
    expected: '+1,000.40\u00a0USDT',
    open: '97,016.25',
    close: '97,104.30',
    profit: '+1,000.40\u00a0USDT',
    payout: '2,250.90 USDT',
  },
] as const;
