const API_PATH = /^\/(api|ws)(\/|$)/;

/**
 * Whether a request is for /api or /ws, read as the router reads its path: with its
 * percent-escapes decoded, so that `/%61pi/user/info`, which reaches the /api route, is counted and
 * answered as /api too. Read raw, such a path passed the address's allowance by.
 */
export const isApiPath = (url: string) => {
  const path = url.split('?', 1)[0]!;
  try {
    return API_PATH.test(decodeURIComponent(path));
  } catch {
    // Not a valid escape: the router reaches no /api route with it either.
    return API_PATH.test(path);
  }
};
