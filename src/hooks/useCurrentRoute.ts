import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '../app/router';
import type { RouteInfo } from '../../protocol/routes';

/** The route-table entry of the screen being shown. */
export const useCurrentRoute = (): RouteInfo | undefined => {
  const matches = useMatches();
  return (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.route;
};
