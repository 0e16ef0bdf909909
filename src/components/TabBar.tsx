import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigation } from 'react-router-dom';
import { AssetsIcon, ContractIcon, HomeIcon, MarketIcon, TradeIcon } from './icons';

const TABS: Array<{ path: string; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  { path: '/home', label: 'tab.home', Icon: HomeIcon },
  { path: '/market', label: 'tab.market', Icon: MarketIcon },
  { path: '/trade', label: 'tab.trade', Icon: TradeIcon },
  { path: '/contract', label: 'tab.contract', Icon: ContractIcon },
  { path: '/assets', label: 'tab.assets', Icon: AssetsIcon },
];

/** The tab whose section `pathname` is in, as NavLink matches it. */
const tabOf = (pathname: string) =>
  TABS.find(({ path }) => pathname === path || pathname.startsWith(`${path}/`));

/**
 * The five sections. A tapped tab is drawn selected at once (`is-pending`), though its screen may
 * still be on its way, so a slow network does not leave the tap unanswered and tapped again; the
 * tab being left is drawn plain meanwhile. It stays `aria-current="page"` until the move lands:
 * its screen is the one still shown.
 */
export const TabBar = () => {
  const { t } = useTranslation();
  const next = useNavigation().location;
  const leaving = next !== undefined && tabOf(next.pathname) !== undefined;
  return (
    <nav className="tabbar" aria-label={t('tab.label')}>
      {TABS.map(({ path, label, Icon }) => (
        <NavLink
          key={path}
          to={path}
          className={({ isActive, isPending }) =>
            `tabbar__tab${isPending ? ' is-active is-pending' : isActive && !leaving ? ' is-active' : ''}`
          }
        >
          <Icon className="tabbar__icon" />
          <span className="tabbar__label">{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
};
