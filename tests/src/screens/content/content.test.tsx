import { act, screen, within } from '@testing-library/react';
import { i18n } from '../../../../src/i18n';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { DEFAULT_SITE_CONFIG } from '../../../../server/db/seed/defaults';
import { helpApi } from '../../../../src/api/help';
import HelpDetailScreen from '../../../../src/screens/help/HelpDetailScreen';
import HelpScreen from '../../../../src/screens/help/HelpScreen';
import NoticeDetailScreen from '../../../../src/screens/notice/NoticeDetailScreen';
import NoticeScreen from '../../../../src/screens/notice/NoticeScreen';
import { configState } from '../../../../src/state/config';
import type * as ConfigModule from '../../../../src/state/config';
import { setupI18n } from '../../../setup/i18n';
import { renderScreen } from '../renderScreen';

vi.mock('../../../../src/api/help', () => ({
  helpApi: {
    notices: vi.fn(async () => [
      { id: 4, title: 'New pairs listed', message: 'DOT/USDT is open.', createdAt: Date.UTC(2027, 0, 2) },
    ]),
    notice: vi.fn(async () => ({
      id: 4,
      title: 'New pairs listed',
      message: 'DOT/USDT is open.',
      createdAt: 0,
      locale: 'us',
    })),
    articles: vi.fn(async () => [
      { id: 1, category: 'wallet', title: 'How do I deposit crypto?' },
      { id: 6, category: 'staking', title: 'How staking works' },
    ]),
    article: vi.fn(async () => ({
      id: 6,
      category: 'staking',
      title: 'How staking works',
      body: 'Line one\nLine two',
      updatedAt: 0,
      locale: 'de',
    })),
  },
}));
vi.mock('../../../../src/state/config', async (orig) => ({
  ...(await orig<typeof ConfigModule>()),
  loadSiteConfig: vi.fn(async () => null),
}));

beforeAll(setupI18n);
beforeEach(() => {
  vi.clearAllMocks();
  configState.config = { ...DEFAULT_SITE_CONFIG, custom: '' };
});

describe('content screens', () => {
  it('/notice lists notices leading to their detail', async () => {
    renderScreen(<NoticeScreen />);
    expect(await screen.findByRole('link', { name: /New pairs listed/ })).toHaveAttribute(
      'href',
      '/noticeDetail?id=4',
    );
  });

  it('/noticeDetail shows the notice', async () => {
    renderScreen(<NoticeDetailScreen />, { path: '/noticeDetail', at: '/noticeDetail?id=4' });
    expect(await screen.findByRole('heading', { name: 'New pairs listed', level: 2 })).toBeInTheDocument();
    expect(helpApi.notice).toHaveBeenCalledWith(4);
  });

  it('/noticeDetail follows the reader into another language, showing the same notice’s translation', async () => {
    // The server serves the notice in the language asked for (the `Lang` of the call).
    vi.mocked(helpApi.notice).mockImplementation(async () =>
      i18n.language === 'cn'
        ? { id: 12, title: '新交易对上线', message: 'DOT/USDT 已开放。', createdAt: 0, locale: 'cn' }
        : { id: 4, title: 'New pairs listed', message: 'DOT/USDT is open.', createdAt: 0, locale: 'us' },
    );
    const router = renderScreen(<NoticeDetailScreen />, { path: '/noticeDetail', at: '/noticeDetail?id=4' });
    expect(await screen.findByRole('heading', { name: 'New pairs listed', level: 2 })).toBeInTheDocument();
    try {
      await act(() => i18n.changeLanguage('cn'));
      const title = await screen.findByRole('heading', { name: '新交易对上线', level: 2 });
      expect(title).toHaveAttribute('lang', 'zh-CN');
      expect(screen.getByText('DOT/USDT 已开放。')).toBeInTheDocument();
      expect(screen.queryByRole('note')).toBeNull();
      expect(router.state.location.pathname).toBe('/noticeDetail');
      expect(helpApi.notice).toHaveBeenLastCalledWith(4);
    } finally {
      await act(() => i18n.changeLanguage('us'));
    }
  });

  it.each([
    ['/noticeDetail?id=4', <NoticeDetailScreen key="n" />, '/noticeDetail', helpApi.notice],
    ['/help/detail?id=6', <HelpDetailScreen key="h" />, '/help/detail', helpApi.article],
  ] as const)(
    '%s says nothing of another language while the reader’s translation is on its way',
    async (at, element, path, read) => {
      renderScreen(element, { path, at });
      await screen.findByRole('heading', { level: 2 });
      let arrive = () => {};
      const mock = read as unknown as Mock<(id: number) => Promise<unknown>>;
      const answer = mock.getMockImplementation()!;
      mock.mockImplementationOnce((id) => new Promise((resolve) => (arrive = () => resolve(answer(id)))));
      try {
        await act(() => i18n.changeLanguage('fr'));
        await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
        expect(screen.queryByRole('note')).toBeNull();
        await act(async () => arrive());
        expect(await screen.findByRole('note')).toBeInTheDocument();
      } finally {
        await act(() => i18n.changeLanguage('us'));
      }
    },
  );

  it.each([
    ['/noticeDetail?id=4', <NoticeDetailScreen key="n" />, '/noticeDetail', 'notice', '/notice'],
    ['/help/detail?id=6', <HelpDetailScreen key="h" />, '/help/detail', 'help', '/help'],
  ] as const)(
    '%s with no translation into the reader’s new language says so, offers the list and keeps the text',
    async (at, element, path, area, list) => {
      renderScreen(element, { path, at });
      const title = (await screen.findByRole('heading', { level: 2 })).textContent;
      try {
        await act(() => i18n.changeLanguage('fr'));
        const note = await screen.findByRole('note');
        const fr = i18n.getFixedT('fr');
        expect(note).toHaveTextContent(fr(`${area}.notTranslated`));
        expect(within(note).getByRole('link', { name: fr(`${area}.all`) })).toHaveAttribute('href', list);
        expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(title!);
      } finally {
        await act(() => i18n.changeLanguage('us'));
      }
    },
  );

  it('/help/detail marks an article written in another language as such, its labels the reader’s', async () => {
    renderScreen(<HelpDetailScreen />, { path: '/help/detail', at: '/help/detail?id=6' });
    const title = await screen.findByRole('heading', { name: 'How staking works', level: 2 });
    expect(title).toHaveAttribute('lang', 'de-DE');
    expect(screen.getByText(/Line one/)).toHaveAttribute('lang', 'de-DE');
    expect(screen.getByText('Staking and income')).not.toHaveAttribute('lang');
  });

  it.each(['0x4', '4e0', '04', '-4', '4.0'])(
    '/noticeDetail?id=%s names no notice, asking the server nothing',
    async (id) => {
      renderScreen(<NoticeDetailScreen />, { path: '/noticeDetail', at: `/noticeDetail?id=${id}` });
      expect(await screen.findByText('Record not found')).toBeInTheDocument();
      expect(helpApi.notice).not.toHaveBeenCalled();
    },
  );

  it('/noticeDetail without an id says the notice is not there, asking the server nothing', async () => {
    renderScreen(<NoticeDetailScreen />, { path: '/noticeDetail', at: '/noticeDetail' });
    expect(await screen.findByText('Record not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(helpApi.notice).not.toHaveBeenCalled();
  });

  it.each([
    [NoticeDetailScreen, '/noticeDetail', 'notice', 'All notices', '/notice'],
    [HelpDetailScreen, '/help/detail', 'article', 'All help articles', '/help'],
  ] as const)(
    '%o: a record not there leads on to the list it was in',
    async (Screen, path, read, list, to) => {
      // A notice taken down, an old link: "Record not found" alone left only the back arrow, which
      // from a link opened afresh leads home, not to the other notices.
      vi.mocked(helpApi[read]).mockRejectedValueOnce({
        code: 404,
        msg: 'app.msg.record_not_found',
        data: null,
      });
      renderScreen(<Screen />, { path, at: `${path}?id=999` });
      expect(await screen.findByText('Record not found')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: list })).toHaveAttribute('href', to);
    },
  );

  it('/noticeDetail says a failed read failed, not that the notice is gone, and reads again', async () => {
    const user = userEvent.setup();
    vi.mocked(helpApi.notice).mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null });
    renderScreen(<NoticeDetailScreen />, { path: '/noticeDetail', at: '/noticeDetail?id=4' });
    expect(await screen.findByText('Network error. Please check your connection')).toBeInTheDocument();
    expect(screen.queryByText('Record not found')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'New pairs listed', level: 2 })).toBeInTheDocument();
  });

  it('/notice offers to read the list again after a failure', async () => {
    const user = userEvent.setup();
    vi.mocked(helpApi.notices).mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null });
    renderScreen(<NoticeScreen />);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /New pairs listed/ })).toBeInTheDocument();
  });

  it('/help groups articles by category and offers customer service', async () => {
    renderScreen(<HelpScreen />);
    expect(await screen.findByRole('heading', { name: 'Deposits and withdrawals' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Staking and income' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How staking works' })).toHaveAttribute(
      'href',
      '/help/detail?id=6',
    );
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toHaveAttribute(
      'href',
      '/service',
    );
  });

  it('/help/detail shows the article', async () => {
    renderScreen(<HelpDetailScreen />, { path: '/help/detail', at: '/help/detail?id=6' });
    expect(await screen.findByRole('heading', { name: 'How staking works', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/Line one/)).toBeInTheDocument();
  });

  it('/help/detail with an id that names no article (not a whole number) asks the server nothing', async () => {
    renderScreen(<HelpDetailScreen />, { path: '/help/detail', at: '/help/detail?id=1.5' });
    expect(await screen.findByText('Record not found')).toBeInTheDocument();
    expect(helpApi.article).not.toHaveBeenCalled();
  });

  it('/help/detail of an article that is not there says so, with nothing to retry', async () => {
    vi.mocked(helpApi.article).mockRejectedValueOnce({
      code: 0,
      msg: 'app.msg.record_not_found',
      data: null,
    });
    renderScreen(<HelpDetailScreen />, { path: '/help/detail', at: '/help/detail?id=99' });
    expect(await screen.findByText('Record not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
