import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { AssetsIcon, ContractIcon, HomeIcon, MarketIcon, TradeIcon } from './icons';

const TABS: Array<{ path: string; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  { path: '/home', label: 'tab.home', Icon: HomeIcon },
  { path: '/market', label: 'tab.market', Icon: MarketIcon },
  { path: '/trade', label: 'tab.trade', Icon: TradeIcon },
  { path: '/contract', label: 'tab.contract', Icon: ContractIcon },
  { path: '/assets', label: 'tab.assets', Icon: AssetsIcon },
];

export const TabBar = () => {
  const { t } = useTranslation();
  return (
    <nav className="tabbar" aria-label={t('tab.label')}>
      {TABS.map(({ path, label, Icon }) => (
        <NavLink
          key={path}
          to={path}
          className={({ isActive }) => `tabbar__tab${isActive ? ' is-active' : ''}`}
        >
          <Icon className="tabbar__icon" />
          <span className="tabbar__label">{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
};
