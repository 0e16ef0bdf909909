import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { siteApi } from '../../../../src/api/site';
import { routeByPath } from '../../../../protocol/routes';
import { i18n } from '../../../../src/i18n';
import DocumentScreen from '../../../../src/screens/document/DocumentScreen';
import { setupI18n } from '../../../setup/i18n';

vi.mock('../../../../src/api/site', () => ({
  siteApi: {
    content: vi.fn(async (type: string) => [
      { id: 1, type, title: `Title of ${type}`, body: 'Line one\nLine two' },
    ]),
  },
}));

const show = (path: string) => {
  const router = createMemoryRouter(
    [{ path, element: <DocumentScreen />, handle: { route: routeByPath(path) } }],
    {
      initialEntries: [path],
    },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
};

beforeAll(setupI18n);

describe('site documents', () => {
  it.each([
    ['/serviceAgreement', 'serviceAgreement', 'Service agreement'],
    ['/aboutUs', 'aboutUs', 'About us'],
    ['/msb', 'msb', 'MSB approval'],
  ])('%s shows the %s document under its route title', async (path, type, title) => {
    show(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: `Title of ${type}` })).toBeInTheDocument();
    expect(siteApi.content).toHaveBeenCalledWith(type, true);
  });

  it('offers to read a document again after a failure, and says so when there is none', async () => {
    const user = userEvent.setup();
    vi.mocked(siteApi.content)
      .mockRejectedValueOnce({ code: 0, msg: 'app.msg.network_error', data: null })
      .mockResolvedValueOnce([]);
    show('/msb');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Record not found')).toBeInTheDocument();
  });
});
