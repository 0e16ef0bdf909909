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
});
