import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Invite,
  InviteGeneration,
  InviteMember,
  InviteePage,
  InviteesRequest,
} from '../../../../protocol';
import { Toasts } from '../../../../src/components/Toasts';
import { i18n, switchI18n } from '../../../../src/i18n';
import InviteScreen from '../../../../src/screens/invite/InviteScreen';
import { uiState } from '../../../../src/state/ui';
import { afterDoubleTap } from '../../../setup/dom';
import { setupI18n } from '../../../setup/i18n';

const api = vi.hoisted(() => ({ invite: vi.fn(), invitees: vi.fn() }));
vi.mock('../../../../src/api/user', () => ({ userApi: api }));

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12);
const MEMBERS: Record<InviteGeneration, InviteMember[]> = {
  first: [
    { id: 11, username: 'alice_01', registeredAt: day(2025, 3, 1), certified: true },
    { id: 12, username: 'bob_trader', registeredAt: day(2025, 4, 9), certified: false },
  ],
  second: [{ id: 21, username: 'carol_x', registeredAt: day(2025, 5, 20), certified: true }],
};
const INVITE: Invite = {
  inviteCode: 'NOVA7Q2K',
  firstTotal: MEMBERS.first.length,
  secondTotal: MEMBERS.second.length,
};
/** Serves `members` a page at a time, as /user/invitees does. */
const serve =
  (members: Record<InviteGeneration, InviteMember[]>) =>
  async ({ generation, page = 1, size = 20 }: InviteesRequest): Promise<InviteePage> => ({
    list: members[generation].slice((page - 1) * size, page * size),
    page,
    size,
    total: members[generation].length,
  });
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
  api.invitees.mockImplementation(serve(MEMBERS));
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
    api.invite.mockResolvedValue({ ...INVITE, second: [], secondTotal: 0 });
    api.invitees.mockImplementation(serve({ ...MEMBERS, second: [] }));
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('tab', { name: /2nd generation/ }));
    expect(screen.getByText('No one has joined yet. Share your link to invite friends.')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).queryAllByRole('listitem')).toHaveLength(0);
  });

  describe('an inviter with more members than a page', () => {
    const many = (generation: InviteGeneration, n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: from + i,
        username: `${generation.slice(0, 2)}****${String(i).padStart(2, '0')}`,
        registeredAt: day(2025, 6, 1) - i * 60_000,
        certified: i % 2 === 0,
      }));
    const MANY = { first: many('first', 45, 1_000), second: many('second', 25, 5_000) };

    beforeEach(() => {
      api.invite.mockResolvedValue({
        inviteCode: 'NOVA7Q2K',
        firstTotal: 45,
        secondTotal: 25,
      });
      api.invitees.mockImplementation(serve(MANY));
    });

    const rows = () => within(screen.getByRole('tabpanel')).queryAllByRole('listitem');

    it('counts every member of each generation, lists a page, and the next on “Load more”', async () => {
      const user = userEvent.setup();
      show();
      expect(await screen.findByRole('tab', { name: /1st generation/ })).toHaveTextContent('45');
      expect(screen.getByRole('tab', { name: /2nd generation/ })).toHaveTextContent('25');
      await screen.findByText('fi****00');
      expect(rows()).toHaveLength(20);
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText('fi****20')).toBeInTheDocument();
      expect(rows()).toHaveLength(40);
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText('fi****44')).toBeInTheDocument();
      expect(rows().map((r) => within(r).getByText(/\*{4}/).textContent)).toEqual(
        MANY.first.map((m) => m.username),
      );
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
      expect(api.invitees.mock.calls.map(([q]) => q)).toEqual(
        [1, 2, 3].map((page) => ({ generation: 'first', page, size: 20 })),
      );
    });

    it('starts the other generation from its first page', async () => {
      const user = userEvent.setup();
      show();
      await screen.findByText('fi****00');
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await screen.findByText('fi****20');
      await user.click(screen.getByRole('tab', { name: /2nd generation/ }));
      expect(await screen.findByText('se****00')).toBeInTheDocument();
      expect(rows()).toHaveLength(20);
      expect(screen.queryByText('fi****00')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText('se****24')).toBeInTheDocument();
      expect(rows()).toHaveLength(25);
    });

    it('says why the next page could not be read, keeps the members shown, and reads it again', async () => {
      const user = userEvent.setup();
      show();
      await screen.findByText('fi****00');
      api.invitees.mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null });
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText('Network error. Please check your connection')).toBeInTheDocument();
      expect(rows()).toHaveLength(20);
      // The reader's tap on the retry where "Load more" was is a new one.
      afterDoubleTap();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('fi****20')).toBeInTheDocument();
      expect(rows()).toHaveLength(40);
    });
  });
});
