import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../src/api/client';
import TestScreen from '../../../../src/screens/test/TestScreen';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';

// The live socket's part has a test of its own (Diagnostics.test.tsx).
vi.mock('../../../../src/screens/test/Diagnostics', () => ({ Diagnostics: () => null }));

beforeAll(setupI18n);

const figures = () => screen.getAllByRole('definition').map((dd) => dd.textContent);

describe('/test connection check', () => {
  it('drops the last run’s figures when a run fails, and says why it failed', async () => {
    const get = vi.spyOn(api, 'get');
    get.mockResolvedValueOnce({ status: 'up', serverTime: Date.now() });
    get.mockRejectedValueOnce({ code: 500, msg: 'app.msg.unexpected_error', data: null });
    get.mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null });
    renderScreen(<TestScreen />);
    const run = screen.getByRole('button', { name: 'Run test' });

    await userEvent.click(run);
    await waitFor(() => expect(figures().every((f) => /^-?\d+ ms$/.test(f ?? ''))).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.click(run);
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
    expect(figures()).toEqual(['—', '—']);

    await userEvent.click(run);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Network error. Please check your connection'),
    );
    expect(figures()).toEqual(['—', '—']);
  });
});
