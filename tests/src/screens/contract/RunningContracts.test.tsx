import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContractOrder } from '../../../../protocol';
import { RunningContracts } from '../../../../src/screens/contract/RunningContracts';
import { clearUser, setUser } from '../../../../src/state/session';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';

/** What the server holds as running, newest first; `afterRead` changes it once a read is answered. */
const server = vi.hoisted(() => ({
  running: [] as ContractOrder[],
  /** Every contract, running or not, as its detail answers it. */
  all: [] as ContractOrder[],
  afterRead: () => {},
}));

// The app's contract streams, real, over a socket the test holds open, with the server's list
// answered from `server`, as `GET /api/contract/list` pages it.
vi.mock('../../../../src/app/contractStreams', async () => {
  const { openContractStreams, pageOfRows } = await import('../../../streams/contractPages');
  const { INFO } = await import('./fixtures');
  return {
    contracts: await openContractStreams({
      info: async () => INFO,
      detail: async (id) => server.all.find((o) => o.id === id)!,
      list: async (q) => {
        const page = pageOfRows(q.state === 'open' ? server.running : [], q);
        server.afterRead();
        return page;
      },
    }),
  };
});

beforeAll(setupI18n);
afterEach(() => clearUser());

describe('RunningContracts', () => {
  // The list was read by page numbers: the newest settling after the first page was read moved
  // the rest up one, and the contract that had been first of the second page was never shown.
  it('shows every running contract once when one settles between the reads of its pages', async () => {
    const { pending } = await import('./fixtures');
    server.all = Array.from({ length: 56 }, (_, i) => pending({ id: 56 - i }));
    server.running = server.all;
    server.afterRead = () => (server.running = server.running.filter((o) => o.id !== 56));
    setUser({ token: 'token-a', userinfo: { certification: 2 } });
    renderScreen(<RunningContracts pair="btcusdt" onOpen={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Running contracts' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(56));
    const shown = within(list)
      .getAllByRole('listitem')
      .map((li) => Number(li.getAttribute('data-contract')));
    expect(new Set(shown).size).toBe(56);
    expect(shown).toContain(6);
  });
});
