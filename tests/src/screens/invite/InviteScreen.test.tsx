import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invite } from '../../../../protocol';
import { Toasts } from '../../../../src/components/Toasts';
import { i18n, switchI18n } from '../../../../src/i18n';
import InviteScreen from '../../../../src/screens/invite/InviteScreen';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';

const api = vi.hoisted(() => ({ invite: vi.fn() }));
vi.mock('../../../../src/api/user', () => ({ userApi: api }));

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12);
const INVITE: Invite = {
  inviteCode: 'NOVA7Q2K',
  first: [
    { username: 'alice_01', registeredAt: day(2025, 3, 1), certified: true },
    { username: 'bob_trader', registeredAt: day(2025, 4, 9), certified: false },
  ],
  second: [{ username: 'carol_x', registeredAt: day(2025, 5, 20), certified: true }],
};
const medium = (ms: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(ms);

const show = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <InviteScreen />
        <Toasts />
      </MemoryRouter>
    </I18nextProvider>,
  );

const link = () => `${window.location.origin}/register?code=NOVA7Q2K`;

beforeAll(setupI18n);
beforeEach(() => {
  vi.resetAllMocks();
  api.invite.mockResolvedValue(INVITE);
});
afterEach(() => {
  uiState.toasts.splice(0);
});

describe('invite screen', () => {
  it('shows my code and the registration link that pre-fills it', async () => {
    show();
    expect(await screen.findByText('NOVA7Q2K')).toBeInTheDocument();
    expect(screen.getByText(link())).toBeInTheDocument();
  });

  it('says why the invitation could not be read, and reads it again', async () => {
    const user = userEvent.setup();
    api.invite.mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null });
    show();
    expect(await screen.findByText('Network error. Please check your connection')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('NOVA7Q2K')).toBeInTheDocument();
  });

  it('copies the code and the link, and says so', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('NOVA7Q2K');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link());
  });

  it('copies the legacy way where the async clipboard is missing', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const exec = vi.fn(() => true);
    document.execCommand = exec;
    show();
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(exec).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('says when copying is refused', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    document.execCommand = vi.fn(() => false);
    show();
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Could not copy. Please copy it manually.')).toBeInTheDocument();
  });

  it('draws the QR code of the link with the qrcode library', async () => {
    show();
    const img = await screen.findByRole('img', { name: 'QR code of your invitation link' });
    const src = img.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml;utf8,')).toBe(true);
    const svg = decodeURIComponent(src.slice('data:image/svg+xml;utf8,'.length));
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<path');
  });

  it('lists the first generation with dates and badges, then the second', async () => {
    const user = userEvent.setup();
    show();
    const first = await screen.findByRole('tab', { name: /1st generation/ });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveTextContent('2');
    const panel = screen.getByRole('tabpanel');
    const rows = within(panel).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('alice_01');
    expect(rows[0]).toHaveTextContent(medium(day(2025, 3, 1)));
    expect(within(rows[0]!).getByText('Verified')).toHaveClass('badge--ok');
    expect(rows[1]).toHaveTextContent('bob_trader');
    expect(within(rows[1]!).getByText('Not verified')).not.toHaveClass('badge--ok');

    await user.click(screen.getByRole('tab', { name: /2nd generation/ }));
    expect(screen.getByRole('tab', { name: /2nd generation/ })).toHaveAttribute('aria-selected', 'true');
    const second = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(second).toHaveLength(1);
    expect(second[0]).toHaveTextContent('carol_x');
    expect(second[0]).toHaveTextContent(medium(day(2025, 5, 20)));
    expect(screen.queryByText('alice_01')).toBeNull();
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('tab', { name: /1st generation/ }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /2nd generation/ })).toHaveFocus();
    expect(screen.getByText('carol_x')).toBeInTheDocument();
  });

  it('formats dates for the reader’s language', async () => {
    await switchI18n('de');
    try {
      show();
      const expected = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium' }).format(day(2025, 3, 1));
      expect(await screen.findByText(expected)).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: /1. Generation/ })).toBeInTheDocument();
    } finally {
      await switchI18n('us');
    }
  });

  it('shows an empty state for a generation with no members', async () => {
    api.invite.mockResolvedValue({ ...INVITE, second: [] });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('tab', { name: /2nd generation/ }));
    expect(screen.getByText('No one has joined yet. Share your link to invite friends.')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).queryAllByRole('listitem')).toHaveLength(0);
  });
});
