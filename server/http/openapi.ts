import { z } from 'zod';
import { envelopeSchema } from '../../protocol';
import type { ApiRoute } from './route';

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

type Parameter = { name: string; in: string; schema: Record<string, unknown>; description: string };
/** The paths of an OpenAPI document: path, then lower-case method, then the operation. */
export type OpenApiPaths = Record<string, Record<string, Record<string, unknown>>>;

/** The headers every call may send. */
const headerParameters = (): Parameter[] => [
  { name: 'Lang', in: 'header', schema: { type: 'string' }, description: 'Locale of the answer' },
  { name: 'token', in: 'header', schema: { type: 'string' }, description: 'Session token' },
];

/** The answers of a call whose success carries `data` of this schema. */
const envelopeResponses = (data: z.ZodType) => ({
  '200': {
    description: 'Envelope with code 1',
    content: { 'application/json': { schema: jsonSchema(envelopeSchema(data)) } },
  },
  default: { description: 'Envelope with a failure code and an app.msg.* key' },
});

/** An operation described by hand, for the few routes that are not ApiRoutes (multipart, binary
 * answers); `data` is the success envelope's schema, or a ready answer for a non-JSON success. */
export const operation = (op: {
  summary: string;
  tag: string;
  parameters?: Parameter[];
  requestBody?: Record<string, unknown>;
  data: z.ZodType | Record<string, unknown>;
}) => ({
  summary: op.summary,
  tags: [op.tag],
  parameters: [...headerParameters(), ...(op.parameters ?? [])],
  ...(op.requestBody ? { requestBody: op.requestBody } : {}),
  responses:
    op.data instanceof z.ZodType
      ? envelopeResponses(op.data)
      : { '200': op.data, default: { description: 'Envelope with a failure code and an app.msg.* key' } },
});

/** OpenAPI 3.1 document generated from the same zod schemas the routes validate with, plus the
 * hand-described operations of routes registered outside the ApiRoute table. */
export const openApiDocument = (routes: readonly ApiRoute[], more: OpenApiPaths = {}) => {
  const paths: OpenApiPaths = {};
  for (const r of routes) {
    const schema = r.query
      ? (jsonSchema(r.query) as { properties?: Record<string, Record<string, unknown>> })
      : {};
    (paths[`/api${r.path}`] ??= {})[r.method.toLowerCase()] = operation({
      summary: r.summary,
      tag: r.tag,
      parameters: Object.entries(schema.properties ?? {}).map(([name, prop]) => ({
        name,
        in: 'query',
        schema: prop,
        description: '',
      })),
      ...(r.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(r.body) } } } }
        : {}),
      data: r.response,
    });
  }
  for (const [path, methods] of Object.entries(more)) Object.assign((paths[path] ??= {}), methods);
  return { openapi: '3.1.0', info: { title: 'Exchange API', version: '1' }, paths };
};
