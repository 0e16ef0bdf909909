import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { userApi } from '../../../../src/api/user';
import { CaptchaField } from '../../../../src/components/form/CaptchaField';
import { useForm } from '../../../../src/hooks/useForm';
import { i18n } from '../../../../src/i18n';
import { setupI18n } from '../../../setup/i18n';

vi.mock('../../../../src/api/user', () => ({ userApi: { captcha: vi.fn() } }));

const schema = z.object({ captchaId: z.string(), captcha: z.string() });
let kept: z.input<typeof schema> = { captchaId: '', captcha: '' };

const Form = () => {
  const form = useForm(schema, { captchaId: '', captcha: '' });
  kept = form.values;
  return (
    <I18nextProvider i18n={i18n}>
      <CaptchaField form={form} renewals={0} />
    </I18nextProvider>
  );
};

/** The form, once its picture is drawn. */
const drawn = async () => {
  vi.mocked(userApi.captcha).mockResolvedValue({ id: 'cap', svg: '<svg/>' });
  render(<Form />);
  await waitFor(() => expect(kept.captchaId).toBe('cap'));
};

beforeAll(setupI18n);

describe('captcha field', () => {
  it('keeps the id of the picture asked for last, however the answers arrive', async () => {
    const answers: ((c: { id: string; svg: string }) => void)[] = [];
    vi.mocked(userApi.captcha).mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    const { container } = render(<Form />);
    await waitFor(() => expect(answers).toHaveLength(1));
    const picture = screen.getByRole('button', { name: 'New captcha' });
    await userEvent.click(picture);
    await waitFor(() => expect(answers).toHaveLength(2));
    // The newer picture arrives first; the older one, drawn late, must not replace it.
    answers[1]!({ id: 'new', svg: '<svg>new</svg>' });
    await waitFor(() => expect(kept.captchaId).toBe('new'));
    answers[0]!({ id: 'old', svg: '<svg>old</svg>' });
    await new Promise((r) => setTimeout(r, 10));
    expect(kept.captchaId).toBe('new');
    expect(container.querySelector('img')?.getAttribute('src')).toContain(encodeURIComponent('<svg>new'));
  });

  it('empties the answer typed for the last picture when a new one comes', async () => {
    let n = 0;
    vi.mocked(userApi.captcha).mockImplementation(async () => ({ id: `cap-${++n}`, svg: '<svg/>' }));
    render(<Form />);
    await waitFor(() => expect(kept.captchaId).toBe('cap-1'));
    await userEvent.type(screen.getByLabelText('Captcha'), 'ab12');
    expect(kept.captcha).toBe('ab12');
    await userEvent.click(screen.getByRole('button', { name: 'New captcha' }));
    await waitFor(() => expect(kept).toEqual({ captchaId: 'cap-2', captcha: '' }));
  });

  // The server folds case itself (server/domain/accounts/captcha.ts), so the letters keep theirs.
  it.each([
    ['typed in full-width letters and digits (an input method’s)', 'ＡＢ１２', 'AB12'],
    ['typed with spaces between', 'a b 1 2', 'ab12'],
    ['pasted with a space before it', ' xY34', 'xY34'],
    ['with an ideographic space', 'ａ\u3000ｂ34', 'ab34'],
  ])('keeps the answer %s as the plain characters the picture shows', async (_, typed, answer) => {
    await drawn();
    const field = screen.getByLabelText('Captcha');
    await userEvent.click(field);
    await userEvent.paste(typed);
    expect(kept.captcha).toBe(answer);
    expect(field).toHaveValue(answer);
  });

  it('takes no more than the picture’s four characters', async () => {
    await drawn();
    await userEvent.type(screen.getByLabelText('Captcha'), 'ab12cd');
    expect(kept.captcha).toBe('ab12');
  });

  // The picture's text is no word: a phone must not capitalise, correct or underline it.
  it('asks the keyboard for no corrections and the browser for no suggestions', async () => {
    await drawn();
    const field = screen.getByLabelText('Captcha');
    expect(field).toHaveAttribute('autocapitalize', 'off');
    expect(field).toHaveAttribute('autocorrect', 'off');
    expect(field).toHaveAttribute('spellcheck', 'false');
    expect(field).toHaveAttribute('autocomplete', 'off');
  });
});
