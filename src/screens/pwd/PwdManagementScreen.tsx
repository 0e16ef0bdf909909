import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { refreshUserInfo } from '../../api/refreshUser';
import { ChevronIcon } from '../../components/icons';
import { NavBar } from '../../components/NavBar';
import { sessionState } from '../../state/session';

const PwdManagementScreen = () => {
  const { t } = useTranslation();
  const { user } = useSnapshot(sessionState);
  // Whether a withdrawal password is set may have changed on another device since the user info
  // was stored: the row says Set or Change as the server has it.
  useEffect(() => void refreshUserInfo(), []);
  const hasWithdrawPassword = Boolean(user?.userinfo.hasWithdrawPassword);
  return (
    <>
      <NavBar title={t('route.pwdManagement')} />
      <ul className="list">
        <li>
          <Link to="/changePwd" className="list__row">
            <span>{t('route.changePwd')}</span>
            <ChevronIcon className="list__chevron" />
          </Link>
        </li>
        <li>
          <Link to="/withdrawalPwd" className="list__row">
            <span>{t(hasWithdrawPassword ? 'pwd.changeWithdraw' : 'pwd.setWithdraw')}</span>
            <ChevronIcon className="list__chevron" />
          </Link>
        </li>
      </ul>
    </>
  );
};

export default PwdManagementScreen;
