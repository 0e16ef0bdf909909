import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify writes two lines at `info` for every request (`incoming request`, `request completed`):
 * at the exchange's default level, two JSON lines for every order, every poll and every page. At
 * 6 000–8 000 orders a second they cost 16–30 µs of CPU an order, most on the main thread, and the
 * server, which carried 7 971–7 998/s at 8 000/s without them, saturated at 7 398–7 409/s with a
 * p99 of 470–492 ms (docs/spot-performance.md, thirty-sixth session). A request's passage is a
 * trace, not an event an operator acts on (an exchange's access log is kept at its edge): those two
 * lines go to `debug`. What went wrong keeps its level: Fastify's `request errored`, the error
 * handler's `rejected request` and `unexpected error`, and the rest of Fastify's own lines.
 */
export class RequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
