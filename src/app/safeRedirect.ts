import { HOME_PATH } from '../../protocol/routes';

/** Where to go after logging in: the in-app path the gate saved, or home. Anything that is not a
 * plain in-app path (another site, a protocol-relative URL) is ignored. */
export const safeRedirect = (target: string | null): string =>
  target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
    ? target
    : HOME_PATH;
