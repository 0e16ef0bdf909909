import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { userApi } from '../../api/user';
import { CopyButton } from '../../components/CopyButton';
import { ChevronIcon } from '../../components/icons';
import { NavBar } from '../../components/NavBar';
import { Spinner } from '../../components/Spinner';
import { sessionState, updateUserInfo } from '../../state/session';
import { CertificationBadge, kycState } from '../authentication/status';
import { NicknameRow } from './NicknameRow';

const Row = ({
  label,
  value,
  mono = false,
}: {
  label: string;
  value: string | number | undefined;
  mono?: boolean;
}) => {
  const { t } = useTranslation();
  const empty = value === undefined || value === '';
  return (
    <div className="info-row">
      <dt>{label}</dt>
      <dd className={`info-row__value${mono && !empty ? ' info-row__value--mono' : ''}`}>
        <span className={`info-row__text${empty ? ' muted' : ''}`}>
          {empty ? t('userInfo.notSet') : value}
        </span>
      </dd>
    </div>
  );
};

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first letter as it is seen: a whole emoji, flag or accented letter, where the first UTF-16
 * unit was half an emoji (drawn as a replacement box) or a letter without its accent. */
const firstLetter = (name: string) => graphemes.segment(name)[Symbol.iterator]().next().value?.segment ?? '';

/** /userInfo, the personal centre: the account's details, fresh from the server on every visit,
 * with the nickname editable in place. */
const UserInfoScreen = () => {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionState);
  const [pending, setPending] = useState(true);

  useEffect(() => {
    let live = true;
    userApi.info().then(
      (info) => {
        updateUserInfo(info);
        if (live) setPending(false);
      },
      () => {
        if (live) setPending(false);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const info = user?.userinfo;
  const known = info?.id !== undefined;
  const state = kycState(info?.certification);

  return (
    <>
      <NavBar title={t('route.userInfo')} />
      {!known && pending ? (
        <Spinner />
      ) : (
        <>
          <section className="uinfo-head">
            <span className="uinfo-head__avatar" aria-hidden="true">
              {firstLetter(info?.nickname || info?.username || '?').toUpperCase()}
            </span>
            {/* The badge under the names, as on /user: beside them a long one (Не подтверждено)
                left a ten-letter name 'emptyus…'. */}
            <div className="uinfo-head__names">
              <p className="uinfo-head__nickname">{info?.nickname || info?.username || '—'}</p>
              {info?.username && <p className="uinfo-head__username">{info.username}</p>}
              <CertificationBadge certification={info?.certification} />
            </div>
          </section>
          <dl className="info-list">
            <Row label={t('userInfo.id')} value={info?.id} mono />
            <Row label={t('userInfo.username')} value={info?.username} />
            <NicknameRow nickname={info?.nickname ?? ''} />
            <Row label={t('userInfo.email')} value={info?.email} />
            <Row label={t('userInfo.phone')} value={info?.phone} />
            <div className="info-row">
              <dt>{t('userInfo.inviteCode')}</dt>
              <dd className="info-row__value info-row__value--mono">
                <span className={`info-row__text${info?.inviteCode ? '' : ' muted'}`}>
                  {info?.inviteCode || t('userInfo.notSet')}
                </span>
                {info?.inviteCode && (
                  <CopyButton
                    className="info-row__action"
                    text={info.inviteCode}
                    label={t('userInfo.copy')}
                    copied={t('userInfo.copied')}
                    failed={t('userInfo.copyFailed')}
                  />
                )}
              </dd>
            </div>
            <Row label={t('userInfo.creditScore')} value={info?.creditScore} mono />
            <div className="info-row">
              <dt>{t('userInfo.verification')}</dt>
              <dd className="info-row__value">
                <Link
                  className="info-row__link"
                  to="/authentication"
                  aria-label={state === 'none' || state === 'failed' ? t('userInfo.verifyNow') : undefined}
                >
                  <CertificationBadge certification={info?.certification} />
                  <ChevronIcon width={16} height={16} />
                </Link>
              </dd>
            </div>
          </dl>
        </>
      )}
    </>
  );
};

export default UserInfoScreen;
