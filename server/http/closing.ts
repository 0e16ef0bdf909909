import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_S, unavailable } from './unavailable';

/** Seconds a client is told to wait before trying again once the server has begun to stop. */
export const CLOSING_RETRY_AFTER_S = RETRY_AFTER_S;

/**
 * Once the server has begun to stop (SIGTERM), a request that still arrives on an open keep-alive
 * connection is answered in the envelope like any other refusal: `service_unavailable` (503), with
 * `Retry-After` and the connection closed, so the client's next try goes to the server that takes
 * over. Fastify's own answer to it (`return503OnClosing`) was a bare body of its own, which the app
 * could only call an unexpected error. Requests already under way are finished as before.
 */
export const refuseWhileClosing = (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_req, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    void reply.header('connection', 'close');
    done(unavailable(reply));
  });
};
