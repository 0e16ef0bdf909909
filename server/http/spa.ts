import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../domain/appError';
import { sendError } from './envelope';

const isApiPath = (url: string) => /^\/(api|ws)(\/|\?|$)/.test(url);

/**
 * Serves the built web app. Any GET that is not a file, not /api and not /ws gets index.html so the
 * client router can answer deep links; /api and /ws never fall back, they answer a catalogued 404.
 */
export const installSpa = async (app: FastifyInstance, webRoot: string) => {
  const index = path.join(webRoot, 'index.html');
  const hasApp = fs.existsSync(index);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts).
      preCompressed: true,
      // Hashed bundles never change under their name; index.html must always be revalidated.
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  // Unknown API paths count against the rate limit too, so scanning for routes is not free.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (req, reply) => {
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.url);
    if (hasApp && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, new AppError('not_found'));
  });
};
