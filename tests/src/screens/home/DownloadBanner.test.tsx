import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../src/i18n';
import { DownloadBanner } from '../../../../src/screens/home/DownloadBanner';
import { configState } from '../../../../src/state/config';
import { setupI18n } from '../../../setup/i18n';

const show = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <DownloadBanner />
    </I18nextProvider>,
  );

beforeAll(setupI18n);
beforeEach(() => {
  configState.config = {
    certification: true,
    lang: 'en-us',
    custom: '',
    thirdPartyWithdrawalAddress: true,
    h5ico: '',
    appDownloadLink: 'https://apps.example/exchange',
    logo: '/logo.svg',
    companyName: 'Nova Exchange',
  };
});

describe('app-download banner', () => {
  it('shows the download text and links to the configured address', () => {
    show();
    expect(screen.getByText('Get the app for faster trading and price alerts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      'https://apps.example/exchange',
    );
  });

  it('remembers being closed', async () => {
    const first = show();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    first.unmount();
    show();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it('is absent when no download link is configured', () => {
    configState.config = { ...configState.config!, appDownloadLink: '' };
    show();
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
