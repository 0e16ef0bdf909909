import { redirect, replace } from 'react-router-dom';

/**
 * A loader's redirect away from the address `request` asks for. When the browser is at that
 * address already (the page was opened or reloaded there, or Back or Forward came to it), the
 * redirect takes its place in the history: added after it, a Back would return to it, be sent on
 * again, and never get past it. Reached by a tap, the address is not in the history yet (the router
 * adds it once its loaders are done), and the redirect is added in its stead, so Back returns to
 * the screen the tap was made on.
 */
export const redirectFrom = (request: Request, to: string) => {
  const asked = new URL(request.url);
  const at = window.location;
  return asked.pathname === at.pathname && asked.search === at.search ? replace(to) : redirect(to);
};
