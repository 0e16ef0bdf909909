import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DecimalField } from '../../../../src/components/form/DecimalField';
import { decimalInput } from '../../../../src/components/form/decimalInput';
import { i18n, switchI18n } from '../../../../src/i18n';
import { setupI18n } from '../../../setup/i18n';

beforeAll(setupI18n);
afterEach(() => switchI18n('us'));

/** A form's amount as the forms hold it: the plain decimal `decimalInput` reads. */
let held = '';
const Amount = ({ initial }: { initial: string }) => {
  const [value, setValue] = useState(initial);
  held = value;
  return <DecimalField label="Amount" value={value} onChange={(v) => setValue(decimalInput(v))} />;
};
const show = (initial = '') =>
  render(
    <I18nextProvider i18n={i18n}>
      <Amount initial={initial} />
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

  it('leaves text that is no plain decimal as typed, for validation to refuse', async () => {
    await switchI18n('de');
    show();
    await userEvent.type(screen.getByLabelText('Amount'), '1,234,5');
    expect(screen.getByLabelText('Amount')).toHaveValue('1,234,5');
    expect(held).toBe('1,234,5');
  });
});
