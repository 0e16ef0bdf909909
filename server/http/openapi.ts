import { z } from 'zod';
import { envelopeSchema } from '../../protocol';
import type { ApiRoute } from './route';

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/** OpenAPI 3.1 document generated from the same zod schemas the routes validate with. */
export const openApiDocument = (routes: readonly ApiRoute[]) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const parameters = [
      { name: 'Lang', in: 'header', schema: { type: 'string' }, description: 'Locale of the answer' },
      { name: 'token', in: 'header', schema: { type: 'string' }, description: 'Session token' },
    ];
    if (r.query) {
      const schema = jsonSchema(r.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(schema.properties ?? {})) {
        parameters.push({ name, in: 'query', schema: prop as { type: string }, description: '' });
      }
    }
    (paths[`/api${r.path}`] ??= {})[r.method.toLowerCase()] = {
      summary: r.summary,
      tags: [r.tag],
      parameters,
      ...(r.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(r.body) } } } }
        : {}),
      responses: {
        '200': {
          description: 'Envelope with code 1',
          content: { 'application/json': { schema: jsonSchema(envelopeSchema(r.response)) } },
        },
        default: { description: 'Envelope with a failure code and an app.msg.* key' },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: 'Exchange API', version: '1' }, paths };
};
