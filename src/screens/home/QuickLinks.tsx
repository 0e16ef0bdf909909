import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChatIcon, DepositIcon, GiftIcon, HelpIcon, StakeIcon, WithdrawIcon } from '../../components/icons';

const LINKS: Array<{ to: string; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  { to: '/recharge/select', label: 'home.deposit', Icon: DepositIcon },
  { to: '/withdraw', label: 'home.withdraw', Icon: WithdrawIcon },
  { to: '/defi', label: 'home.staking', Icon: StakeIcon },
  { to: '/invite', label: 'home.invite', Icon: GiftIcon },
  { to: '/help', label: 'home.help', Icon: HelpIcon },
  { to: '/service', label: 'home.service', Icon: ChatIcon },
];

export const QuickLinks = () => {
  const { t } = useTranslation();
  return (
    <nav className="quick-links" aria-label={t('home.shortcuts')}>
      {LINKS.map(({ to, label, Icon }) => (
        <Link key={to} to={to} className="quick-links__item">
          <span className="quick-links__icon">
            <Icon />
          </span>
          <span className="quick-links__label">{t(label)}</span>
        </Link>
      ))}
    </nav>
  );
};
