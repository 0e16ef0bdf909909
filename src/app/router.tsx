import { createBrowserRouter, type RouteObject } from 'react-router-dom';

type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;
import { setNavigator } from '../api/navigation';
import { Spinner } from '../components/Spinner';
import { prefetchFor } from './firstRequests';
import { gateLoader } from './gateLoader';
import { Layout } from './Layout';
import { RouteError } from './RouteError';
import { HOME_PATH, NOT_FOUND_PATH, ROUTES, type RouteInfo } from '../../protocol/routes';
import { loadScreen } from './screens';
import { screenUnavailable } from './ScreenUnavailable';
import { redirectFrom } from './redirectFrom';

export interface RouteHandle {
  route: RouteInfo;
}

const buildRouteObjects = (currentPath: () => string | null): RouteObject[] => [
  {
    element: <Layout />,
    HydrateFallback: Spinner,
    errorElement: <RouteError />,
    children: [
      { path: '/', loader: ({ request }) => redirectFrom(request, HOME_PATH), Component: null },
      ...ROUTES.map((route): RouteObject => ({
        path: route.path,
        // As the server reads paths (`routeByPath`, the page's title): /Market is no route.
        caseSensitive: true,
        handle: { route } satisfies RouteHandle,
        loader: gateLoader(route, currentPath),
        lazy: async () => {
          prefetchFor(route.name);
          return {
            Component: await loadScreen(route.name).then(
              (module) => module.default,
              () => screenUnavailable(route),
            ),
          };
        },
      })),
      { path: '*', loader: ({ request }) => redirectFrom(request, NOT_FOUND_PATH), Component: null },
    ],
  },
];

export const createAppRouter = (create: RouterFactory = createBrowserRouter) => {
  // The loaders need to know where the reader is now (to keep them there on "under review"), which
  // only the router knows once it exists. Until its first load has finished no screen is shown.
  let current: string | null = null;
  const router = create(buildRouteObjects(() => current));
  const here = ({ pathname, search }: { pathname: string; search: string }) => pathname + search;
  if (router.state.initialized) current = here(router.state.location);
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') current = here(state.location);
  });
  setNavigator((path) => void router.navigate(path));
  return router;
};
