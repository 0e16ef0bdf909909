import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/TextField';

interface AddressForm {
  values: { address: string; memo: string };
  errors: { address?: string | undefined; memo?: string | undefined };
  set: (key: 'address' | 'memo', value: string) => void;
}

/** A typed destination address, and its memo on a network that needs one. Both are trimmed as
 * typed: a pasted address often carries a space the chain would reject. */
export const AddressFields = ({
  form,
  label,
  memoRequired,
}: {
  form: AddressForm;
  label: string;
  memoRequired: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={label}
        value={form.values.address}
        onChange={(v) => form.set('address', v.trim())}
        error={form.errors.address}
        autoComplete="off"
        spellCheck={false}
        hint={t('address.addressHint')}
      />
      {memoRequired && (
        <TextField
          label={t('address.memo')}
          value={form.values.memo}
          onChange={(v) => form.set('memo', v.trim())}
          error={form.errors.memo}
          autoComplete="off"
          hint={t('address.memoHint')}
        />
      )}
    </>
  );
};
