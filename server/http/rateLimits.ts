import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../domain/appError';
import { isApiPath } from './apiPath';

/**
 * Counts a request against its caller's allowance, throwing too_many_requests past it. `caller`
 * names the signed-in account (`user:7`, `operator:2`) once its session is known to be real;
 * without it the request counts against its address.
 */
export type LimitCaller = (req: FastifyRequest, reply: FastifyReply, caller?: string) => Promise<void>;

interface RateLimits {
  /** Requests a minute one signed-in account may make; a caller not signed in counts by address. */
  perCaller: number;
  /** Requests a minute from one address, whoever makes them. */
  perAddress: number;
}

/** The address a request is counted under: an IPv6 address by its /64, the block one subscriber
 * holds, so that walking through it does not make a new caller of each address. */
export const clientAddress = (req: FastifyRequest) => normalizeIP(req.ip);

const WINDOW_MS = 60_000;
/** Counters kept: a busy minute's distinct callers, each a few dozen bytes. */
const COUNTERS = 100_000;

/**
 * Two allowances on /api, as exchanges count them. Phones behind a carrier's shared address
 * (CGNAT) arrive from one address, so a count by address alone let a dozen of them, polling with
 * their sockets down, shut each other out. Each signed-in account therefore has its own count,
 * taken once its session is known to be real (a made-up token gets no count of its own), and the
 * address has a larger count that every request spends first, so made-up tokens and scans for
 * routes stay bounded before any session is looked up.
 */
export const installRateLimits = async (app: FastifyInstance, limits: RateLimits): Promise<LimitCaller> => {
  await app.register(rateLimit, {
    max: limits.perAddress,
    timeWindow: WINDOW_MS,
    cache: COUNTERS,
    allowList: (req) => !isApiPath(req.url),
    errorResponseBuilder: () => new AppError('too_many_requests'),
  });
  const callers = new WeakMap<FastifyRequest, string>();
  // `cache` is honoured here as in the plugin's own options, though its types leave it out.
  const perCaller = {
    // Not the address count's: every request counted here is on /api already.
    allowList: undefined,
    max: limits.perCaller,
    timeWindow: WINDOW_MS,
    cache: COUNTERS,
    keyGenerator: (req: FastifyRequest) => callers.get(req) ?? `address:${clientAddress(req)}`,
  };
  const count = app.createRateLimit(perCaller);
  return async (req, reply, caller) => {
    if (caller) callers.set(req, caller);
    const result = await count(req);
    if (result.isAllowed) return;
    reply
      .header('x-ratelimit-limit', result.max)
      .header('x-ratelimit-remaining', result.remaining)
      .header('x-ratelimit-reset', result.ttlInSeconds);
    if (!result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError('too_many_requests');
  };
};
