import { HOME_PATH } from '../../protocol/routes';

/** The screens a reader signs in or up on: never where a sign-in leads, which would show the form
 * again, still busy from the sign-in that left it (useForm's `leaves`). */
const SIGN_IN_SCREENS = /^\/(login|register|forgetPwd)(?=[/?#]|$)/i;

/** Where to go after logging in: the in-app path the gate saved, or home. Anything that is not a
 * plain in-app path (another site, a protocol-relative URL) is ignored, as is a sign-in screen. */
export const safeRedirect = (target: string | null): string =>
  target &&
  target.startsWith('/') &&
  !target.startsWith('//') &&
  !target.startsWith('/\\') &&
  !SIGN_IN_SCREENS.test(target)
    ? target
    : HOME_PATH;
