import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { userApi } from '../../api/user';
import { CertificationBadge } from '../authentication/status';
import { ChevronIcon, UserIcon } from '../../components/icons';
import { NavBar } from '../../components/NavBar';
import { clearUser, sessionState, updateUserInfo } from '../../state/session';
import { showToast } from '../../state/ui';

const MENU: Array<{ to: string; label: string; login?: boolean }> = [
  { to: '/userInfo', label: 'route.userInfo', login: true },
  { to: '/authentication', label: 'route.authentication', login: true },
  { to: '/pwdManagement', label: 'route.pwdManagement', login: true },
  { to: '/invite', label: 'route.invite', login: true },
  { to: '/withdrawAddress', label: 'route.withdrawAddress', login: true },
  { to: '/recharge/record', label: 'route.recharge_record', login: true },
  { to: '/withdraw/record', label: 'route.withdraw_record', login: true },
  { to: '/orderList', label: 'route.orderList', login: true },
  { to: '/contractList', label: 'route.contractList', login: true },
  { to: '/defi/pledgeRecord', label: 'route.defi_pledgeRecord', login: true },
  { to: '/notice', label: 'route.notice' },
  { to: '/help', label: 'route.help' },
  { to: '/service', label: 'route.service' },
  { to: '/aboutUs', label: 'route.aboutUs' },
  { to: '/serviceAgreement', label: 'route.serviceAgreement' },
  { to: '/msb', label: 'route.msb' },
  { to: '/lang', label: 'route.lang' },
  { to: '/test', label: 'route.test' },
];

/** The account centre: who is logged in, their verification status, and a way to everything. */
const UserScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSnapshot(sessionState);
  const token = user?.token;

  useEffect(() => {
    if (token) userApi.info().then(updateUserInfo, () => undefined);
  }, [token]);

  const logout = () => {
    if (token) void userApi.logout(token).catch(() => undefined);
    clearUser();
    navigate('/home', { replace: true });
    // Home looks much the same either way: the reader is told the tap did what it said.
    showToast(t('user.loggedOut'));
  };

  const info = user?.userinfo;
  return (
    <>
      <NavBar title={t('route.user')} />
      <section className="profile card">
        <span className="profile__avatar" aria-hidden="true">
          <UserIcon />
        </span>
        {info ? (
          <div className="profile__who">
            <strong className="profile__name">{info.nickname || info.username}</strong>
            <span className="muted">
              {t('user.uid')} {info.id}
            </span>
            <CertificationBadge certification={info.certification} />
          </div>
        ) : (
          <div className="profile__who">
            <strong className="profile__name">{t('user.welcome')}</strong>
            <div className="profile__actions">
              <Link to="/login?redirect=%2Fuser" className="btn btn--primary btn--small">
                {t('route.login')}
              </Link>
              <Link to="/register" className="btn btn--small">
                {t('route.register')}
              </Link>
            </div>
          </div>
        )}
      </section>
      <ul className="list">
        {MENU.filter((m) => info || !m.login).map((m) => (
          <li key={m.to}>
            <Link to={m.to} className="list__row">
              <span>{t(m.label)}</span>
              <ChevronIcon className="list__chevron" />
            </Link>
          </li>
        ))}
      </ul>
      {info && (
        <button type="button" className="btn btn--block page-action" onClick={logout}>
          {t('user.logout')}
        </button>
      )}
    </>
  );
};

export default UserScreen;
