import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DecimalField } from '../../../../src/components/form/DecimalField';
import { i18n, switchI18n } from '../../../../src/i18n';
import { setupI18n } from '../../../setup/i18n';

beforeAll(setupI18n);
afterEach(() => switchI18n('us'));

/** A form's amount as the forms hold it: the plain decimal the field hands on. */
let held = '';
let setHeld: (value: string) => void = () => undefined;
const Amount = ({ initial, places }: { initial: string; places: number }) => {
  const [value, setValue] = useState(initial);
  held = value;
  setHeld = setValue;
  return <DecimalField label="Amount" value={value} onChange={setValue} places={places} />;
};
const show = (initial = '', places = 8) =>
  render(
    <I18nextProvider i18n={i18n}>
      <Amount initial={initial} places={places} />
    </I18nextProvider>,
  );

describe('a decimal field', () => {
  it('shows the plain decimal the form holds with the reader\u2019s decimal mark', async () => {
    await switchI18n('de');
    show('96698.43');
    expect(screen.getByLabelText('Amount')).toHaveValue('96698,43');
    expect(screen.getByLabelText('Amount')).toHaveAttribute('inputmode', 'decimal');
  });

  it('turns either mark typed into the reader\u2019s own at once, so what it shows is what is sent', async () => {
    await switchI18n('de');
    show();
    // A German reading "1,5" reads one and a half, which is what is held.
    await userEvent.type(screen.getByLabelText('Amount'), '1.5');
    expect(screen.getByLabelText('Amount')).toHaveValue('1,5');
    expect(held).toBe('1.5');
    await switchI18n('us');
    show();
    await userEvent.type(screen.getAllByLabelText('Amount')[1]!, '15,000');
    // "15.000" is fifteen to an English reader, as it is to the form.
    expect(screen.getAllByLabelText('Amount')[1]).toHaveValue('15.000');
    expect(held).toBe('15.000');
  });

  it('leaves text that is no plain decimal as typed, and says at once what the form says on sending it', async () => {
    await switchI18n('de');
    show();
    const field = screen.getByLabelText('Amount');
    await userEvent.type(field, '1,234');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await userEvent.type(field, ',5');
    expect(field).toHaveValue('1,234,5');
    expect(held).toBe('1,234,5');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Bitte geben Sie einen gültigen Betrag ein');
    // Until it is a number again.
    await userEvent.type(field, '{Backspace}{Backspace}');
    expect(field).toHaveValue('1,234');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says of text that is no number what it is told to, over a message of the form\u2019s', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <DecimalField
          label="Price"
          value="1.000.5"
          onChange={() => undefined}
          places={2}
          unreadable="app.msg.price_invalid"
          error="app.msg.insufficient_balance"
          errorSuffix=" 10"
        />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^Please enter a valid price$/);
  });

  it('takes no digit typed past its places, and says why until the amount changes', async () => {
    const user = userEvent.setup();
    show('', 6);
    const field = screen.getByLabelText('Amount');
    await user.type(field, '100.1234567');
    expect(field).toHaveValue('100.123456');
    expect(held).toBe('100.123456');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Too many decimal places (at most 6)');
    // Deleting is always taken, and the message goes with the change.
    await user.type(field, '{Backspace}');
    expect(field).toHaveValue('100.12345');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    // Changed from outside (a "Max" button), the amount is judged anew.
    await user.type(field, '67');
    expect(field).toHaveValue('100.123456');
    expect(screen.getByRole('alert')).toHaveTextContent('Too many decimal places (at most 6)');
    act(() => setHeld('5'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes a paste past its places whole and says why, left or not, until it is edited down to them', async () => {
    const user = userEvent.setup();
    show('', 6);
    const field = screen.getByLabelText('Amount');
    // Neither cut short unseen nor dropped, which left an empty field and only "required" on sending.
    await user.click(field);
    await user.paste('100.123456789');
    expect(field).toHaveValue('100.123456789');
    expect(held).toBe('100.123456789');
    expect(field).toHaveAccessibleDescription('Too many decimal places (at most 6)');
    await user.tab();
    expect(field).toHaveAccessibleDescription('Too many decimal places (at most 6)');
    await user.type(field, '{Backspace}{Backspace}');
    expect(field).toHaveAccessibleDescription('Too many decimal places (at most 6)');
    await user.type(field, '{Backspace}');
    expect(field).toHaveValue('100.123456');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets the reader edit down an amount the form computed past its places, without a word', async () => {
    show('99.910515', 2);
    const field = screen.getByLabelText('Amount');
    await userEvent.type(field, '{Backspace}');
    expect(field).toHaveValue('99.91051');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes the point of a whole-unit amount, and refuses the digits after it, in German', async () => {
    await switchI18n('de');
    show('', 0);
    const field = screen.getByLabelText('Amount');
    await userEvent.type(field, '100,5');
    expect(field).toHaveValue('100,');
    expect(screen.getByRole('alert')).toHaveTextContent('Zu viele Nachkommastellen (höchstens 0)');
  });
});
