import type { LoaderFunctionArgs } from 'react-router-dom';
import { refreshUserInfo } from '../api/refreshUser';
import { i18n } from '../i18n';
import { loadSiteConfig } from '../state/config';
import { currentUser } from '../state/session';
import { showToast } from '../state/ui';
import { gateFor, verificationDecision } from './gate';
import { HOME_PATH, LOGIN_PATH, type RouteInfo } from '../../protocol/routes';
import { promptVerification } from './verificationPrompt';
import { redirectFrom } from './redirectFrom';
import { safeRedirect } from './safeRedirect';

/** Where a reader under review is kept: the screen they were on (its query too, so a pair's page
 * stays on that pair), unless there is none, it is the refused screen itself, or it is the login
 * form that led here, which has done its work once they are logged in. */
const stayingPut = (from: string | null, refused: string) => {
  const fromPath = from?.split('?')[0];
  return from && fromPath !== refused && fromPath !== LOGIN_PATH ? from : HOME_PATH;
};

/** Runs the route's gates before the screen loads, so a refused reader never sees it flash. */
export const gateLoader =
  (route: RouteInfo, currentPath: () => string | null) =>
  async ({ request }: LoaderFunctionArgs) => {
    const config = route.verify ? await loadSiteConfig() : null;
    // A stored status short of approved may be stale (an operator may have decided since): ask the
    // server before turning the reader away.
    const stored = currentUser();
    if (route.verify && stored && verificationDecision(stored).kind !== 'pass') await refreshUserInfo();
    const decision = gateFor(route, currentUser(), config?.certification ?? true);
    const url = new URL(request.url);
    switch (decision.kind) {
      case 'pass':
        return null;
      case 'login':
        // Said to a visitor moving to the screen (spec §6). Not when the screen they are on is
        // checked again because another tab logged out (they chose to), nor when the check above
        // found the session expired, which the REST client has announced.
        if (!stored && currentPath() !== url.pathname + url.search) showToast(i18n.t('app.msg.please_login'));
        return redirectFrom(
          request,
          `${LOGIN_PATH}?redirect=${encodeURIComponent(url.pathname + url.search)}`,
        );
      case 'loggedIn':
        // Logged in since (in another tab, say): on to where logging in would have led.
        return redirectFrom(request, safeRedirect(url.searchParams.get('redirect')));
      default:
        return redirectFrom(
          request,
          promptVerification(decision.kind) ?? stayingPut(currentPath(), url.pathname),
        );
    }
  };
