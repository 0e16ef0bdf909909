import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { UserInfo } from '../../../protocol';
import type { FieldRefusals } from '../../api/fieldRefusals';
import { useForm } from '../../hooks/useForm';
import { useGoBack } from '../../hooks/useGoBack';
import { updateUserInfo } from '../../state/session';
import { showToast } from '../../state/ui';

/** A password form whose save answers with the new userinfo: it is stored at once so the gates
 * (withdrawal lock, password set) see the change, then `doneKey` is shown and the screen closes. */
export const usePasswordForm = <S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  initial: z.input<S>,
  save: (body: z.output<S>) => Promise<UserInfo>,
  doneKey: string,
  atFields: FieldRefusals<keyof z.input<S> & string>,
) => {
  const { t } = useTranslation();
  const goBack = useGoBack('/pwdManagement');
  const form = useForm(schema, initial);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(
      async (body) => {
        updateUserInfo(await save(body));
        showToast(t(doneKey), 2000);
        goBack();
      },
      { leaves: true, atFields },
    );
  };
  return { form, onSubmit };
};
