import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ChartPanel } from '../../../../src/screens/marketDetail/ChartPanel';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';
import { PAIRS } from '../trade/fixtures';

// jsdom draws no canvas: the chart says which interval it was asked for.
vi.mock('../../../../src/components/PriceChart', () => ({
  default: ({ interval }: { interval: string }) => <p data-testid="chart">{interval}</p>,
}));

const [BTC, ETH] = PAIRS;

beforeAll(setupI18n);

describe('/marketDetail chart intervals', () => {
  it('are one tab stop, moved along by the arrow keys, Home and End, the chart following', async () => {
    renderScreen(<ChartPanel pair={BTC!} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['1m', '5m', '15m', '1h', '4h', '1D']);
    expect(tabs.filter((t) => t.tabIndex === 0)).toEqual([screen.getByRole('tab', { name: '15m' })]);
    expect(await screen.findByTestId('chart')).toHaveTextContent('15m');

    await userEvent.tab();
    expect(screen.getByRole('tab', { name: '15m' })).toHaveFocus();
    for (const [key, interval] of [
      ['{ArrowRight}', '1h'],
      ['{End}', '1d'],
      ['{ArrowRight}', '1m'],
      ['{ArrowLeft}', '1d'],
      ['{Home}', '1m'],
    ] as const) {
      await userEvent.keyboard(key);
      const chosen = screen.getByRole('tab', { selected: true });
      expect(chosen, key).toHaveFocus();
      expect(chosen).toHaveAttribute('tabindex', '0');
      expect(screen.getByTestId('chart')).toHaveTextContent(interval);
    }
    expect(screen.getByRole('tabpanel', { name: '1m' })).toContainElement(screen.getByTestId('chart'));
  });

  it('keeps the interval chosen when the reader comes back from trading, or opens another pair', async () => {
    renderScreen(<ChartPanel pair={BTC!} />);
    await userEvent.click(screen.getByRole('tab', { name: '1h' }));
    cleanup();
    renderScreen(<ChartPanel pair={ETH!} />);
    expect(await screen.findByTestId('chart')).toHaveTextContent('1h');
    expect(screen.getByRole('tab', { name: '1h' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: '15m' }));
  });
});
