import { HEALTH_DATABASE_DOWN, noFieldsSchema, healthSchema, type HealthDown } from '../../../protocol';
import type { OutageLog } from '../../db/outageLog';
import type { DatabaseProbe } from '../../db/probe';
import { defineRoute } from '../route';
import { unavailable } from '../unavailable';

/**
 * `/api/health`: up, with the server clock for offset checks, only while the database answers (a
 * cached `select 1`, db/probe.ts). Without it the server can serve almost nothing, and a monitor
 * or a load balancer that heard "up" would keep sending it traffic: it answers 503
 * `service_unavailable` with `Retry-After` and `data.status` naming the database instead.
 */
export const healthRoutes = (probe: DatabaseProbe, outage: OutageLog) => [
  defineRoute({
    method: 'GET',
    path: '/health',
    tag: 'system',
    summary:
      'Liveness and database reachability, with the server clock for offset checks; 503 when the database cannot be reached',
    query: noFieldsSchema,
    response: healthSchema,
    handler: async ({ reply }) => {
      const result = await probe();
      if (result.up) return { status: 'up' as const, serverTime: Date.now() };
      outage(result.error, 'health');
      const data: HealthDown = { status: HEALTH_DATABASE_DOWN, serverTime: Date.now() };
      throw unavailable(reply, data);
    },
  }),
];
