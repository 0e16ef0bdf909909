import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../domain/appError';
import { sendError } from './envelope';
import { createPageShell, type PageRequest } from './pageShell';
import { pageLocale } from './pageLocale';
import { pageTitleOf, type PageConfig } from './pageTitle';
import { localeFromConfigLang } from '../../protocol/locales';
import { isApiPath } from './apiPath';
import { PAGE_SECURITY_HEADERS } from './securityHeaders';
import type { LimitCaller } from './rateLimits';
import type { BootData } from '../../protocol/boot';

/** A path whose last segment has an extension names a file (a script chunk, an image, robots.txt),
 * never a screen: when the file is not there, the page in its place would reach a script or an
 * image as HTML. */
const namesFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));

/**
 * Serves the built web app. Any GET that is not a file, not /api and not /ws gets index.html so the
 * client router can answer deep links; /api, /ws and a missing file never fall back, they answer a
 * catalogued 404.
 * The page is index.html with its landing screen's code announced and the boot data inlined
 * (pageShell.ts), so it is built per request rather than sent as the file.
 */
export const installSpa = async (
  app: FastifyInstance,
  webRoot: string,
  limit: LimitCaller,
  boot?: (page: PageRequest) => Promise<BootData>,
  config?: PageConfig,
) => {
  const hasApp = fs.existsSync(path.join(webRoot, 'index.html'));
  const page = hasApp ? createPageShell(webRoot, boot, config && pageTitleOf(config)) : null;
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts).
      preCompressed: true,
      // Hashed bundles never change under their name; index.html must always be revalidated. The
      // other files (the favicon, the logo, banner images) change only with a release: an hour
      // spares the favicon a revalidation each time the app changes screen, which Chromium makes.
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : filePath.endsWith('.html')
              ? 'no-cache'
              : 'public, max-age=3600',
        );
        if (filePath.endsWith('.html'))
          for (const [k, v] of Object.entries(PAGE_SECURITY_HEADERS)) res.header(k, v);
        else res.header('x-content-type-options', 'nosniff');
      },
    });
  }
  const notFound = (reply: FastifyReply) => sendError(reply, new AppError('not_found'));
  if (page) {
    // A route rather than the not-found handler, so the page gets the route hooks (compression).
    app.get('/*', async (req, reply) => {
      const [path = '', query = ''] = req.url.split('?');
      if (isApiPath(req.url)) {
        await limit(req, reply);
        return notFound(reply);
      }
      if (namesFile(path)) return notFound(reply);
      const siteLocale = localeFromConfigLang((await config?.())?.lang);
      const html = await page({
        path,
        query: new URLSearchParams(query),
        locale: pageLocale(req, siteLocale),
      });
      // The page depends on the reader's language (cookie or Accept-Language); it is never cached
      // without asking again.
      return reply
        .headers(PAGE_SECURITY_HEADERS)
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie, accept-language')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  }
  // Unknown API paths count against both allowances too, so scanning for routes is not free.
  app.setNotFoundHandler(
    { preHandler: [app.rateLimit(), (req: FastifyRequest, reply: FastifyReply) => limit(req, reply)] },
    (_req, reply) => notFound(reply),
  );
};
