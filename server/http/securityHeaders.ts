/**
 * What every page of the app is sent with. The app runs only its own script files (the boot data
 * in the page is JSON, never run), talks only to this server (HTTP and the socket), and is never
 * shown inside another site's frame, where a hidden withdraw or pledge button could be clicked
 * for the reader. Images may come from elsewhere: an operator's logo can be any http(s) address.
 * Inline styles stay allowed: the chart and the particles set them as they draw.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

/**
 * Sent with every answer that came over HTTPS: the connection's own, or a proxy's `X-Forwarded-Proto`
 * where TRUST_PROXY believes that proxy. A browser that has seen it never asks this host over plain
 * HTTP again for a year, where a network in between could read the token a request carries or change
 * the page. Subdomains are left out: they may be other services, not all of them on HTTPS.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * What an answer for one account is sent with (its balances, orders, an identity document). The
 * session travels in a `token` header, not `Authorization`, which is the only one that keeps shared
 * caches from storing an answer, so a CDN or proxy in front could otherwise keep one reader's
 * answer and hand it to the next asking for the same address.
 */
export const PRIVATE_ANSWER = 'private, no-store';
