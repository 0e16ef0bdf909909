import type { FastifyInstance } from 'fastify';
import { STRICT_TRANSPORT_SECURITY } from './securityHeaders';

/** Every answer to a request that came over HTTPS carries Strict-Transport-Security (pages, the
 * API, files, refusals alike); one over plain HTTP does not, where the header means nothing. */
export const installTransportSecurity = (app: FastifyInstance) => {
  app.addHook('onRequest', (req, reply, done) => {
    if (req.protocol === 'https') void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
};
