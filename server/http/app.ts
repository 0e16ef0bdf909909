import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { AppError } from './appError';
import { installErrorHandler } from './errorHandler';
import { openApiDocument } from './openapi';
import { registerRoutes, type ApiRoute } from './route';
import { healthRoutes } from './routes/health';
import { siteRoutes } from './routes/site';
import { installSpa } from './spa';

export const BODY_LIMIT = 1024 * 1024;

export interface AppDeps {
  config: Pick<Config, 'logLevel' | 'rateLimitPerMinute' | 'webRoot' | 'trustProxy'>;
  db: Db;
  /** A pino logger to use instead of building one (tests pass a silent one). */
  logger?: boolean | object;
}

export const buildApp = async ({ config, db, logger }: AppDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.token', 'req.headers.authorization', 'req.body.password'],
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Nested GET parameters arrive as name[key]=value (spec §7).
    routerOptions: { querystringParser: (s: string) => qs.parse(s, { depth: 5, arrayLimit: 100 }) },
  });

  installErrorHandler(app);
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (req) => !req.url.startsWith('/api'),
    errorResponseBuilder: () => new AppError('too_many_requests'),
  });

  const routes: ApiRoute[] = [...healthRoutes(), ...siteRoutes(db)];
  registerRoutes(app, routes);
  const doc = openApiDocument(routes);
  app.get('/api/openapi.json', async () => doc);

  await installSpa(app, config.webRoot);
  return app;
};
