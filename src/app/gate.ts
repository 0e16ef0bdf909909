import type { StoredUser } from '../state/session';
import type { RouteInfo } from '../../protocol/routes';

export type GateDecision =
  | { kind: 'pass' }
  | { kind: 'login' }
  /** A visitors' screen (login, sign-up) opened while logged in: sent on. */
  | { kind: 'loggedIn' }
  /** Never verified: prompt, then send to verification. */
  | { kind: 'verify' }
  /** Under review: alert and stay where the reader was. */
  | { kind: 'review' }
  /** Failed: prompt to verify again, then send to verification. */
  | { kind: 'reverify' };

export type VerificationDecision = Exclude<GateDecision, { kind: 'login' | 'loggedIn' }>;

/** The verification check (spec §4), for a route or an action that asks for it. */
export const verificationDecision = (user: StoredUser): VerificationDecision => {
  const c = user.userinfo.certification;
  if (c === null || c === undefined) return { kind: 'verify' };
  if (c === 0) return { kind: 'review' };
  if (c === 1) return { kind: 'reverify' };
  return { kind: 'pass' };
};

/**
 * Whether a reader may open a route. The login gate comes first (and its mirror: a visitors'
 * screen is no place for a reader logged in); the verification gate applies only
 * where the route asks for it and only while the site offers verification at all (config
 * `certification`), since a site that has switched it off has nothing to send the reader to.
 */
export const gateFor = (
  route: Pick<RouteInfo, 'login' | 'guest' | 'verify'>,
  user: StoredUser | null,
  certificationOn: boolean,
): GateDecision => {
  if ((route.login || route.verify) && !user) return { kind: 'login' };
  if (route.guest && user) return { kind: 'loggedIn' };
  if (route.verify && user && certificationOn) return verificationDecision(user);
  return { kind: 'pass' };
};
