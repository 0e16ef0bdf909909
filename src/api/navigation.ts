/** How the REST layer moves the reader (to /home on session expiry) without knowing the router:
 * the app installs the router's navigate; before that, a full page load does it. */
let navigateImpl: (path: string) => void = (path) => window.location.assign(path);

export const setNavigator = (fn: (path: string) => void) => {
  navigateImpl = fn;
};

export const navigateTo = (path: string) => navigateImpl(path);
