import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateUserInfoSchema } from '../../../protocol/accounts';
import { NICKNAME_MAX } from '../../../protocol/accountRules';
import { userApi } from '../../api/user';
import { TextField } from '../../components/form/TextField';
import { whileBusy } from '../../components/form/whileBusy';
import { useForm } from '../../hooks/useForm';
import { updateUserInfo } from '../../state/session';
import { showToast } from '../../state/ui';

/** The nickname with an inline editor: Edit opens it, Save sends it, Cancel or Escape closes it. */
export const NicknameRow = ({ nickname }: { nickname: string }) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const form = useForm(updateUserInfoSchema, { nickname });
  const editButton = useRef<HTMLButtonElement>(null);
  // The editor had the focus: closed, it would leave it on the page's start, so a keyboard or a
  // screen reader went on from the top instead of from the row.
  const closed = useRef(false);
  useEffect(() => {
    if (editing || !closed.current) return;
    closed.current = false;
    editButton.current?.focus();
  }, [editing]);

  const open = () => {
    form.set('nickname', nickname);
    setEditing(true);
  };
  const close = () => {
    closed.current = true;
    setEditing(false);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (form.values.nickname.trim() === nickname) {
      close();
      return;
    }
    void form.submit(
      async (body) => {
        updateUserInfo(await userApi.updateInfo(body.nickname));
        close();
        showToast(t('userInfo.nicknameSaved'));
      },
      { atFields: { nickname: ['app.msg.nickname_exists', 'app.msg.nickname_length'] } },
    );
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close();
  };

  if (!editing) {
    return (
      <div className="info-row">
        <dt>{t('userInfo.nickname')}</dt>
        <dd className="info-row__value">
          <span className="info-row__text">{nickname || t('userInfo.notSet')}</span>
          <button
            ref={editButton}
            type="button"
            className="info-row__action"
            onClick={open}
            aria-label={t('userInfo.editNickname')}
          >
            {t('userInfo.edit')}
          </button>
        </dd>
      </div>
    );
  }

  return (
    <div className="info-row info-row--editing">
      <dt className="visually-hidden">{t('userInfo.nickname')}</dt>
      <dd>
        <form className="nickname-form" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
          <TextField
            label={t('userInfo.nickname')}
            autoComplete="nickname"
            maxChars={NICKNAME_MAX}
            autoFocus
            {...form.field('nickname')}
          />
          <div className="nickname-form__actions">
            <button type="button" className="btn" onClick={close}>
              {t('userInfo.cancel')}
            </button>
            <button type="submit" className="btn btn--primary" {...whileBusy(form.submitting)}>
              {t('userInfo.save')}
            </button>
          </div>
        </form>
      </dd>
    </div>
  );
};
