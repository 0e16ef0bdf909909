import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteInfo } from '../../protocol/routes';
import { Loading } from '../components/LoadFailed';
import { NavBar } from '../components/NavBar';
import { loadScreen } from './screens';

/** While a screen's code cannot be fetched, how long before it is asked for again by itself. */
const SCREEN_RETRY_MS = 5_000;

/**
 * What a route shows when its screen's code could not be fetched (no network, the server down or
 * restarting): the layout and its tab bar stay, so the reader can go elsewhere, and the screen is
 * asked for again every `SCREEN_RETRY_MS`, when the browser is back online, on "Try again" and on
 * each visit, showing in its place once it comes. React Router keeps what a route's `lazy` first
 * answered for the rest of the visit, a failure included: this component is that answer, and it
 * loads the screen itself.
 */
export const screenUnavailable = (route: RouteInfo): ComponentType => {
  let loaded: ComponentType | null = null;
  const Unavailable = () => {
    const { t } = useTranslation();
    const [Screen, setScreen] = useState<ComponentType | null>(() => loaded);
    const [failure, setFailure] = useState<string>();

    const retry = useCallback(() => {
      setFailure(undefined);
      loadScreen(route.name).then(
        (module) => {
          loaded = module.default;
          setScreen(() => module.default);
        },
        () => setFailure('app.msg.network_error'),
      );
    }, []);

    useEffect(() => {
      if (!loaded) retry();
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, [retry]);

    useEffect(() => {
      if (failure === undefined) return;
      const timer = setTimeout(retry, SCREEN_RETRY_MS);
      return () => clearTimeout(timer);
    }, [failure, retry]);

    if (Screen) return <Screen />;
    return (
      <>
        <NavBar title={t(route.title)} back={!route.tabBar} />
        <Loading failure={failure} onRetry={retry} />
      </>
    );
  };
  return Unavailable;
};
