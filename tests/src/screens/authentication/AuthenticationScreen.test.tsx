import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo, VerificationStatus } from '../../../../protocol';
import { IMAGE_MAX_BYTES } from '../../../../protocol/accountRules';
import { Toasts } from '../../../../src/components/Toasts';
import { i18n } from '../../../../src/i18n';
import AuthenticationScreen, {
  REVIEW_POLL_MS,
} from '../../../../src/screens/authentication/AuthenticationScreen';
import { currentUser, setUser } from '../../../../src/state/session';
import { uiState } from '../../../../src/state/ui';
import { setupI18n } from '../../../setup/i18n';

const api = vi.hoisted(() => ({
  verification: vi.fn(),
  submitVerification: vi.fn(),
  upload: vi.fn(),
  info: vi.fn(),
}));
vi.mock('../../../../src/api/user', () => ({ userApi: api }));

const status = (over: Partial<VerificationStatus> = {}): VerificationStatus => ({
  certification: null,
  name: null,
  docType: null,
  docNumber: null,
  rejectReason: null,
  submittedAt: null,
  ...over,
});

const userInfo = (over: Partial<UserInfo> = {}): UserInfo => ({
  id: 7,
  username: 'trader01',
  nickname: 'Trader',
  email: 'trader@example.com',
  phone: '',
  inviteCode: 'ABC123',
  creditScore: 100,
  certification: null,
  tradingDisabled: false,
  withdrawProhibited: false,
  hasWithdrawPassword: false,
  withdrawLockedUntil: 0,
  createdAt: 0,
  ...over,
});

const png = (name: string, size?: number) => {
  const file = new File(['png-bytes'], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

const show = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AuthenticationScreen />
        <Toasts />
      </MemoryRouter>
    </I18nextProvider>,
  );

const t = (key: string) => i18n.t(key);

beforeAll(setupI18n);
beforeEach(() => {
  vi.resetAllMocks();
  uiState.toasts.splice(0);
  setUser({ token: 'tok', userinfo: { certification: null } });
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  uiState.toasts.splice(0);
});

describe('identity verification: status views', () => {
  it('shows the form when never verified', async () => {
    api.verification.mockResolvedValue(status());
    show();
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'ID card' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Passport' })).not.toBeChecked();
    expect(screen.getByLabelText('Front side')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByLabelText('Back side')).toHaveAttribute('type', 'file');
    expect(screen.queryByText('Verification failed')).toBeNull();
  });

  it('shows under review with the submitted time, and no form', async () => {
    const submittedAt = Date.UTC(2025, 2, 14, 9, 30);
    api.verification.mockResolvedValue(status({ certification: 0, submittedAt, name: 'Jane Doe' }));
    show();
    expect(await screen.findByRole('heading', { name: 'Under review' })).toBeInTheDocument();
    const when = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      hourCycle: 'h23',
    }).format(submittedAt);
    expect(screen.getByText(when)).toBeInTheDocument();
    expect(screen.getByText('Submitted')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Full name' })).toBeNull();
    expect(currentUser()?.userinfo.certification).toBe(0);
  });

  it('under review, shows the decision without a reload, asked again on a timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      api.verification.mockResolvedValue(status({ certification: 0, submittedAt: 1, name: 'Jane Doe' }));
      show();
      expect(await screen.findByRole('heading', { name: 'Under review' })).toBeInTheDocument();
      // Still under review at the first check; asked quietly, its failures are the screen's.
      await act(async () => vi.advanceTimersByTime(REVIEW_POLL_MS));
      expect(api.verification).toHaveBeenLastCalledWith(true);
      api.verification.mockResolvedValue(
        status({
          certification: 1,
          rejectReason: 'The photo is blurry',
          name: 'Jane Doe',
          docType: 'idCard',
        }),
      );
      await act(async () => vi.advanceTimersByTime(REVIEW_POLL_MS));
      expect(await screen.findByText('Verification failed')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('The photo is blurry');
      expect(currentUser()?.userinfo.certification).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks again when the page comes back into view while under review', async () => {
    api.verification.mockResolvedValue(status({ certification: 0, submittedAt: 1 }));
    show();
    expect(await screen.findByRole('heading', { name: 'Under review' })).toBeInTheDocument();
    api.verification.mockResolvedValue(status({ certification: 2, name: 'Jane Doe' }));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('heading', { name: 'Identity verified' })).toBeInTheDocument();
    expect(currentUser()?.userinfo.certification).toBe(2);
  });

  it('shows the reason of a failed verification above the form to send again', async () => {
    api.verification.mockResolvedValue(
      status({ certification: 1, rejectReason: 'The photo of the back is blurred' }),
    );
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Verification failed');
    expect(alert).toHaveTextContent('The photo of the back is blurred');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('');
  });

  it('writes the refused name and document type again, and asks anew for the number it shows masked', async () => {
    api.verification.mockResolvedValue(
      status({
        certification: 1,
        name: 'Jane Doe',
        docType: 'passport',
        docNumber: 'E*******8',
        rejectReason: 'The photo of the back is blurred',
      }),
    );
    show();
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveValue('Jane Doe');
    expect(screen.getByRole('radio', { name: 'Passport' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Document number' })).toHaveValue('');
  });

  it.each(['app.msg.duplicate_document_number', 'app.data.reason_document_unreadable'])(
    'translates a catalogued rejection reason (%s)',
    async (reason) => {
      api.verification.mockResolvedValue(status({ certification: 1, rejectReason: reason }));
      show();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(t(reason));
      expect(alert).not.toHaveTextContent(reason);
    },
  );

  it('shows approved with the masked name and document, and no form', async () => {
    api.verification.mockResolvedValue(
      status({ certification: 2, name: 'Jane Doe', docType: 'passport', docNumber: 'E*******8' }),
    );
    show();
    expect(await screen.findByRole('heading', { name: 'Identity verified' })).toBeInTheDocument();
    expect(screen.getByText('J******')).toBeInTheDocument();
    expect(screen.queryByText('Jane Doe')).toBeNull();
    expect(screen.getByText('Passport')).toBeInTheDocument();
    expect(screen.getByText('E*******8')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Full name' })).toBeNull();
  });

  it('draws no empty list of facts for an account verified without a submission', async () => {
    api.verification.mockResolvedValue(status({ certification: 2 }));
    show();
    expect(await screen.findByRole('heading', { name: 'Identity verified' })).toBeInTheDocument();
    expect(document.querySelector('dl')).toBeNull();
  });

  it('says why the status could not be loaded, and offers a retry', async () => {
    api.verification.mockRejectedValueOnce({ code: 500, msg: 'app.msg.unexpected_error', data: null });
    api.verification.mockResolvedValueOnce(status());
    show();
    expect(await screen.findByText(t('app.msg.unexpected_error'))).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toBeInTheDocument();
  });
});

describe('identity verification: the form', () => {
  beforeEach(() => {
    api.verification.mockResolvedValue(status());
  });

  it('shows the schema messages for a bad ID number and missing images, and sends nothing', async () => {
    const user = userEvent.setup();
    show();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Li Lei');
    await user.type(screen.getByRole('textbox', { name: 'Document number' }), '110105194912310021');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(screen.getByText(t('app.msg.doc_number_invalid'))).toBeInTheDocument();
    // Each empty tile says so in a word, not the whole sentence twice.
    expect(screen.getAllByText(t('app.msg.field_required'))).toHaveLength(2);
    expect(screen.queryByText(t('app.msg.image_required'))).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Document number' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.submitVerification).not.toHaveBeenCalled();
  });

  it('asks for a name and a document number left empty, and says a one-letter name is not valid', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }));
    // The name, the number and the two image tiles.
    expect(screen.getAllByText(t('app.msg.field_required'))).toHaveLength(4);
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(t('app.msg.doc_number_invalid'))).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'L');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(screen.getByText(t('app.msg.real_name_invalid'))).toBeInTheDocument();
  });

  it('refuses an image over the size limit before any upload', async () => {
    const user = userEvent.setup();
    show();
    await user.upload(await screen.findByLabelText('Front side'), png('big.png', IMAGE_MAX_BYTES + 1));
    expect(await screen.findByText(t('app.msg.upload_size'))).toBeInTheDocument();
    expect(api.upload).not.toHaveBeenCalled();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('accepts an image of exactly the size limit', async () => {
    api.upload.mockResolvedValue({ id: 'up-1', url: '/u/1' });
    const user = userEvent.setup();
    show();
    await user.upload(await screen.findByLabelText('Front side'), png('edge.png', IMAGE_MAX_BYTES));
    expect(api.upload).toHaveBeenCalledTimes(1);
  });

  it('refuses an image of a type the server does not take before any upload', async () => {
    const user = userEvent.setup();
    show();
    const gif = new File(['GIF89a'], 'a.gif', { type: 'image/gif' });
    await user.upload(await screen.findByLabelText('Back side'), gif);
    expect(await screen.findByText(t('app.msg.upload_format'))).toBeInTheDocument();
    expect(api.upload).not.toHaveBeenCalled();
  });

  it('refuses a HEIC photo, saying which formats it takes', async () => {
    // A phone's camera may save HEIC; the reader needs to know what to send instead.
    const user = userEvent.setup();
    show();
    const heic = new File(['ftypheic'], 'IMG_0001.HEIC', { type: 'image/heic' });
    await user.upload(await screen.findByLabelText('Front side'), heic);
    expect(
      await screen.findByText('Unsupported file format. Please use JPEG, PNG or WebP'),
    ).toBeInTheDocument();
    expect(api.upload).not.toHaveBeenCalled();
  });

  it('refuses a file that is no image at all as such, before any upload', async () => {
    // A desktop picker set to "All files" lets it through the input's accept.
    const user = userEvent.setup({ applyAccept: false });
    show();
    const pdf = new File(['%PDF-1.7'], 'passport.pdf', { type: 'application/pdf' });
    await user.upload(await screen.findByLabelText('Front side'), pdf);
    expect(await screen.findByText(t('app.msg.upload_not_image'))).toBeInTheDocument();
    expect(screen.queryByText(t('app.msg.upload_format'))).toBeNull();
    expect(api.upload).not.toHaveBeenCalled();
  });

  it('asks to wait while an image is still uploading, with its progress shown', async () => {
    let progress: (f: number) => void = () => undefined;
    api.upload.mockImplementation((_file: File, onProgress: (f: number) => void) => {
      progress = onProgress;
      return new Promise(() => undefined);
    });
    const user = userEvent.setup();
    show();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Li Lei');
    await user.type(screen.getByRole('textbox', { name: 'Document number' }), '11010519491231002X');
    await user.upload(screen.getByLabelText('Front side'), png('front.png'));
    act(() => progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading Front side' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByAltText('Front side')).toHaveAttribute('src', 'blob:preview-1');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Please wait for the upload to finish')).toBeInTheDocument();
    expect(api.submitVerification).not.toHaveBeenCalled();
  });

  it('empties the tile when the upload fails', async () => {
    api.upload.mockRejectedValue({ code: 400, msg: 'app.msg.upload_not_image', data: null });
    const user = userEvent.setup();
    show();
    await user.upload(await screen.findByLabelText('Front side'), png('front.png'));
    // The failure lands after the pick has rendered its preview: wait for the tile to empty.
    await waitFor(() => expect(screen.queryByAltText('Front side')).toBeNull());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it('says a document number already used under its field', async () => {
    api.upload.mockImplementation(async (file: File) => ({ id: `up-${file.name}`, url: `/u/${file.name}` }));
    api.submitVerification.mockRejectedValue({
      code: 409,
      msg: 'app.msg.duplicate_document_number',
      data: null,
    });
    const user = userEvent.setup();
    show();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Jane Doe');
    const number = screen.getByRole('textbox', { name: 'Document number' });
    await user.type(number, '11010519491231002X');
    await user.upload(screen.getByLabelText('Front side'), png('front.png'));
    await user.upload(screen.getByLabelText('Back side'), png('back.png'));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription(t('app.msg.duplicate_document_number'));
  });

  it('shows the state the server holds when the form was sent from elsewhere meanwhile', async () => {
    api.upload.mockImplementation(async (file: File) => ({ id: `up-${file.name}`, url: `/u/${file.name}` }));
    api.submitVerification.mockRejectedValue({ code: 409, msg: 'app.msg.verification_pending', data: null });
    const user = userEvent.setup();
    show();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Jane Doe');
    await user.type(screen.getByRole('textbox', { name: 'Document number' }), '11010519491231002X');
    await user.upload(screen.getByLabelText('Front side'), png('front.png'));
    await user.upload(screen.getByLabelText('Back side'), png('back.png'));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    api.verification.mockResolvedValue(status({ certification: 0, name: 'Jane Doe', submittedAt: 1 }));
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByRole('heading', { name: 'Under review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(currentUser()?.userinfo.certification).toBe(0);
  });

  it('sends the checked payload with the upload ids, then shows under review and stores it', async () => {
    api.upload.mockImplementation(async (file: File) => ({ id: `up-${file.name}`, url: `/u/${file.name}` }));
    const submittedAt = Date.UTC(2025, 0, 2, 3, 4);
    api.submitVerification.mockResolvedValue(
      status({ certification: 0, name: 'Jane Doe', docType: 'passport', submittedAt }),
    );
    api.info.mockResolvedValue(userInfo({ certification: 0 }));
    const user = userEvent.setup();
    show();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), '  Jane Doe ');
    await user.click(screen.getByRole('radio', { name: 'Passport' }));
    await user.type(screen.getByRole('textbox', { name: 'Document number' }), 'E12345678');
    await user.upload(screen.getByLabelText('Front side'), png('front.png'));
    await user.upload(screen.getByLabelText('Back side'), png('back.png'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getAllByText('Uploaded')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByRole('heading', { name: 'Under review' })).toBeInTheDocument();
    expect(api.submitVerification).toHaveBeenCalledTimes(1);
    expect(api.submitVerification).toHaveBeenCalledWith({
      name: 'Jane Doe',
      docType: 'passport',
      docNumber: 'E12345678',
      frontImage: 'up-front.png',
      backImage: 'up-back.png',
    });
    await waitFor(() =>
      expect(currentUser()?.userinfo).toMatchObject({ certification: 0, username: 'trader01' }),
    );
    expect(api.info).toHaveBeenCalled();
  });

  /** Whether each upload asked of the API has been cancelled, in the order they were asked. */
  const cancelled = () => api.upload.mock.calls.map((call) => (call[2] as AbortSignal).aborted);

  it('cancels the uploads still under way when the reader leaves the screen', async () => {
    api.upload.mockImplementation(() => new Promise(() => undefined));
    const user = userEvent.setup();
    const view = show();
    await user.upload(await screen.findByLabelText('Front side'), png('front.png'));
    await user.upload(screen.getByLabelText('Back side'), png('back.png'));
    expect(cancelled()).toEqual([false, false]);
    view.unmount();
    expect(cancelled()).toEqual([true, true]);
  });

  it('keeps only the latest pick of a side and revokes the previous preview', async () => {
    const answers: Array<(v: { id: string; url: string }) => void> = [];
    api.upload.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    const user = userEvent.setup();
    const view = show();
    const input = await screen.findByLabelText('Front side');
    await user.upload(input, png('first.png'));
    await user.upload(input, png('second.png'));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    // The first upload is cancelled, not left to go on sending beside the second.
    expect(cancelled()).toEqual([true, false]);
    // Had it answered all the same, the answer must not count.
    await act(async () => answers[0]!({ id: 'stale', url: '/u/stale' }));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    await act(async () => answers[1]!({ id: 'fresh', url: '/u/fresh' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByAltText('Front side')).toHaveAttribute('src', 'blob:preview-2');
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
  });
});
