import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVITEE_PAGE_SIZE, type InviteGeneration, type InviteMember } from '../../../protocol/accounts';
import { userApi } from '../../api/user';
import { CopyButton } from '../../components/CopyButton';
import { NavBar } from '../../components/NavBar';
import { PagedList } from '../../components/PagedList';
import { QrCode } from '../../components/QrCode';
import { Loading } from '../../components/LoadFailed';
import { Tabs } from '../../components/Tabs';
import { UrlText } from '../../components/UrlText';
import { useRemote } from '../../hooks/useRemote';
import { useDateFormat } from '../../hooks/useDateFormat';
import { usePages } from '../../hooks/usePages';

/** The registration link that pre-fills this code. */
export const inviteLink = (code: string, origin = window.location.origin) =>
  `${origin}/register?code=${encodeURIComponent(code)}`;

const Members = ({ members }: { members: readonly InviteMember[] }) => {
  const { t } = useTranslation();
  const format = useDateFormat(false);
  return (
    <ul className="invite-list">
      {members.map((m) => (
        <li key={m.id} className="invite-list__row">
          <div className="invite-list__who">
            <span className="invite-list__name">{m.username}</span>
            <span className="invite-list__date">
              {t('invite.registered')}{' '}
              <time dateTime={new Date(m.registeredAt).toISOString()}>{format.format(m.registeredAt)}</time>
            </span>
          </div>
          <span className={`badge ${m.certified ? 'badge--ok' : ''}`}>
            {t(m.certified ? 'invite.certified' : 'invite.uncertified')}
          </span>
        </li>
      ))}
    </ul>
  );
};

/** /invite: my invitation code and link (copy, QR code) and the members I brought in, by
 * generation, a page at a time (an inviter may have brought in very many). */
const InviteScreen = () => {
  const { t } = useTranslation();
  const { data, failure, retry } = useRemote(userApi.invite);
  const [tab, setTab] = useState<InviteGeneration>('first');
  // From the first page again on the other tab.
  const members = usePages(
    (page, size) => userApi.invitees({ generation: tab, page, size }),
    INVITEE_PAGE_SIZE,
    tab,
  );

  const copyTexts = { copied: t('invite.copied'), failed: t('invite.copyFailed') };

  return (
    <>
      <NavBar title={t('route.invite')} />
      {!data ? (
        <Loading failure={failure} onRetry={retry} />
      ) : (
        <>
          <section className="invite-card">
            <p className="invite-card__lead">{t('invite.lead')}</p>
            <div className="invite-card__qr">
              <QrCode value={inviteLink(data.inviteCode)} label={t('invite.qr')} />
            </div>
            <div className="invite-field">
              <span className="invite-field__label">{t('invite.code')}</span>
              <div className="invite-field__row">
                <span className="invite-field__code">{data.inviteCode}</span>
                <CopyButton
                  className="btn btn--small invite-field__copy"
                  text={data.inviteCode}
                  label={t('invite.copyCode')}
                  {...copyTexts}
                />
              </div>
            </div>
            <div className="invite-field">
              <span className="invite-field__label">{t('invite.link')}</span>
              <div className="invite-field__row">
                <span className="invite-field__link">
                  <UrlText url={inviteLink(data.inviteCode)} />
                </span>
              </div>
              <CopyButton
                className="btn btn--primary btn--block"
                text={inviteLink(data.inviteCode)}
                label={t('invite.copyLink')}
                {...copyTexts}
              />
            </div>
          </section>
          <section className="invite-members">
            <h2 className="invite-members__title">{t('invite.members')}</h2>
            <p className="invite-members__hint">{t('invite.generationsHint')}</p>
            <Tabs
              label={t('invite.members')}
              value={tab}
              onChange={setTab}
              items={[
                {
                  key: 'first',
                  label: (
                    <>
                      {t('invite.first')}
                      {'\u00a0'}
                      <span className="tabs__count">{data.firstTotal}</span>
                    </>
                  ),
                },
                {
                  key: 'second',
                  label: (
                    <>
                      {t('invite.second')}
                      {'\u00a0'}
                      <span className="tabs__count">{data.secondTotal}</span>
                    </>
                  ),
                },
              ]}
            >
              <PagedList pages={members} emptyText={t('invite.empty')} moreText={t('invite.more')}>
                {(list) => <Members members={list} />}
              </PagedList>
            </Tabs>
          </section>
        </>
      )}
    </>
  );
};

export default InviteScreen;
