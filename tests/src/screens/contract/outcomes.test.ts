import { Subject } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContractOrder } from '../../../../protocol';
import { switchI18n } from '../../../../src/i18n';
import { clearUser, setUser } from '../../../../src/state/session';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';
import { pending, won } from './fixtures';

/** Each contract's stream, as the socket would move it. */
const streams = vi.hoisted(() => new Map<number, Subject<ContractOrder>>());
vi.mock('../../../../src/app/contractStreams', () => ({
  contracts: {
    order$: (id: number) => {
      if (!streams.has(id)) streams.set(id, new Subject<ContractOrder>());
      return streams.get(id)!;
    },
  },
}));

const { showingOutcome, watchOutcome } = await import('../../../../src/screens/contract/outcomes');
const toasts = () => uiState.toasts.map((t) => t.text);

beforeAll(setupI18n);
beforeEach(() => {
  uiState.toasts.length = 0;
  streams.clear();
  setUser({ token: 'tok', userinfo: { certification: 2 } });
});
afterEach(async () => {
  clearUser();
  await switchI18n('us');
});

describe('the result of a contract opened here', () => {
  it('is told wherever the reader is once it is settled, once', () => {
    watchOutcome(pending({ id: 501 }));
    watchOutcome(pending({ id: 501 }));
    streams.get(501)!.next(pending({ id: 501 }));
    expect(toasts()).toEqual([]);
    streams.get(501)!.next(won({ id: 501 }));
    streams.get(501)!.next(won({ id: 501 }));
    expect(toasts()).toEqual(['BTC/USDT · You won · +80.00 USDT']);
  });

  it('is left to its sheet while the sheet is up', () => {
    watchOutcome(pending({ id: 502 }));
    const closed = showingOutcome(502);
    streams.get(502)!.next(won({ id: 502 }));
    closed();
    expect(toasts()).toEqual([]);
  });

  it('is told in the reader’s language and figures, a loss as a loss', async () => {
    await switchI18n('de');
    watchOutcome(pending({ id: 503 }));
    streams.get(503)!.next(
      won({
        id: 503,
        result: 'loss',
        resultname: 'app.data.contract_loss',
        payout: '0',
        profit: '-1250.5',
      }),
    );
    expect(toasts()).toEqual(['BTC/USDT · Diesmal nicht · -1.250,50 USDT']);
  });
});
