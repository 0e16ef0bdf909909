import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form/TextField';
import type { TextFields } from '../../hooks/useForm';

/** A typed destination address, and its memo on a network that needs one. Both are trimmed as
 * typed: a pasted address often carries a space the chain would reject. */
export const AddressFields = ({
  form,
  label,
  memoRequired,
}: {
  form: TextFields<'address' | 'memo'>;
  label: string;
  memoRequired: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={label}
        {...form.field('address', (v) => v.trim())}
        autoComplete="off"
        spellCheck={false}
        hint={t('address.addressHint')}
      />
      {memoRequired && (
        <TextField
          label={t('address.memo')}
          {...form.field('memo', (v) => v.trim())}
          autoComplete="off"
          hint={t('address.memoHint')}
        />
      )}
    </>
  );
};
