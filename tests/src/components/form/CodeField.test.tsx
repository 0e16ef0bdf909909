import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodeField } from '../../../../src/components/form/CodeField';
import { useForm } from '../../../../src/hooks/useForm';
import { i18n } from '../../../../src/i18n';
import { setupI18n } from '../../../setup/i18n';

const schema = z.object({ code: z.string() });
let kept = '';

const Form = () => {
  const form = useForm(schema, { code: '' });
  kept = form.values.code;
  return (
    <I18nextProvider i18n={i18n}>
      <CodeField form={form} onSend={() => undefined} availableAt={0} busy={false} />
    </I18nextProvider>
  );
};

beforeAll(setupI18n);

describe('verification code field', () => {
  it.each([
    ['copied from a mail with the space before it', ' 311985', '311985'],
    ['written in groups', '311 985', '311985'],
    ['typed in full-width digits (a Japanese input method)', '３１１９８５', '311985'],
    ['with the sentence around it', 'Your code is 311985.', '311985'],
  ])('keeps the six digits of a code %s', async (_, pasted, code) => {
    render(<Form />);
    const field = screen.getByLabelText('Verification code');
    await userEvent.click(field);
    await userEvent.paste(pasted);
    expect(kept).toBe(code);
    expect(field).toHaveValue(code);
  });

  it('takes no more than the code’s six digits', async () => {
    render(<Form />);
    await userEvent.type(screen.getByLabelText('Verification code'), '12345678');
    expect(kept).toBe('123456');
  });
});
