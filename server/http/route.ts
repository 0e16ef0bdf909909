import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Locale } from '../../protocol';
import { callerOf, type Authenticate, type AuthKind } from './auth';
import { JSON_TYPE, ok, okText } from './envelope';
import { JsonText } from '../wire/jsonText';
import { requestLocale } from './locale';
import type { LimitCaller } from './rateLimits';
import { PRIVATE_ANSWER } from './securityHeaders';
import { parseInput } from './validate';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteContext<Q, B> {
  query: Q;
  body: B;
  locale: Locale;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** One API endpoint: its wire schemas (from protocol/) and a handler that returns the `data` of a
 * successful envelope or throws an AppError. The same definition feeds the OpenAPI document. */
export interface ApiRoute<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: Method;
  /** Path under /api. */
  path: string;
  summary: string;
  tag: string;
  /** Who may call it: a logged-in user or an operator (token header); open when absent. */
  auth?: AuthKind;
  query?: Q;
  body?: B;
  response: z.ZodType;
  handler: (ctx: RouteContext<z.infer<Q>, z.infer<B>>) => Promise<unknown> | unknown;
}

export const defineRoute = <Q extends z.ZodType, B extends z.ZodType>(route: ApiRoute<Q, B>): ApiRoute =>
  route as unknown as ApiRoute;

interface RouteGuards {
  authenticate?: Authenticate;
  /** Counts each call against its caller's allowance, after authentication names the caller. */
  limit?: LimitCaller;
}

export const registerRoutes = (
  app: FastifyInstance,
  routes: readonly ApiRoute[],
  { authenticate, limit }: RouteGuards = {},
) => {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: `/api${route.path}`,
      handler: async (req, reply) => {
        // Who is asking comes before what is asked: a logged-out caller gets 401, whatever the body.
        if (route.auth) {
          if (!authenticate) throw new Error(`no authenticator for ${route.path}`);
          void reply.header('cache-control', PRIVATE_ANSWER);
          await authenticate(route.auth, req);
        }
        await limit?.(req, reply, callerOf(req));
        const query = route.query ? parseInput(route.query, req.query) : undefined;
        const body = route.body ? parseInput(route.body, req.body) : undefined;
        const data = await route.handler({ query, body, locale: requestLocale(req), req, reply });
        if (!(data instanceof JsonText)) return ok(data ?? null);
        // A string answer with a JSON type is sent as it is, not encoded again.
        reply.type(JSON_TYPE);
        return okText(data);
      },
    });
  }
};
