import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { AlertHost } from '../components/AlertHost';
import { Background } from '../components/Background';
import { NavigationProgress } from '../components/NavigationProgress';
import { Spinner } from '../components/Spinner';
import { TabBar } from '../components/TabBar';
import { Toasts } from '../components/Toasts';
import { pageTitle } from '../../protocol/boot';
import { configState } from '../state/config';
import { useCurrentRoute } from '../hooks/useCurrentRoute';
import { useScreenFocus } from '../hooks/useScreenFocus';
import { dropBootHeading } from './boot';

/** The mobile frame every screen sits in: particle background, screen, tab bar where flagged, and
 * the app-wide toasts and alerts. Keeps the document title in step with route, locale and config. */
export const Layout = () => {
  const { t, i18n } = useTranslation();
  const route = useCurrentRoute();
  const { config, unavailable } = useSnapshot(configState);
  const navigation = useNavigation();
  const screen = useRef<HTMLElement>(null);
  useScreenFocus(screen);

  // The router renders the layout with its first screen, already loaded: that screen's own bar is
  // about to be painted where the server's heading stands.
  useLayoutEffect(dropBootHeading, []);

  // Until the config has come, the title stays as the server wrote it, company name and all, rather
  // than lose the name for a moment; without a config to be had the route title goes alone.
  useEffect(() => {
    if (route && (config || unavailable)) document.title = pageTitle(t(route.title), config?.companyName);
  }, [route, t, i18n.language, config, unavailable]);

  return (
    <div className="viewport">
      <Background />
      <div className={`frame${route?.tabBar ? ' frame--tabs' : ''}`}>
        <NavigationProgress />
        <main ref={screen} className="screen" aria-busy={navigation.state === 'loading'} tabIndex={-1}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
        {route?.tabBar && <TabBar />}
      </div>
      <Toasts />
      <AlertHost />
      {/* A screen opened anew starts at its top, not at the last one's scroll position; one gone
          back to is where it was left. */}
      <ScrollRestoration />
    </div>
  );
};
