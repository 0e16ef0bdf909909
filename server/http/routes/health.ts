import { emptyQuerySchema, healthSchema } from '../../../protocol';
import { defineRoute } from '../route';

export const healthRoutes = () => [
  defineRoute({
    method: 'GET',
    path: '/health',
    tag: 'system',
    summary: 'Liveness, with the server clock for offset checks',
    query: emptyQuerySchema,
    response: healthSchema,
    handler: () => ({ status: 'up' as const, serverTime: Date.now() }),
  }),
];
