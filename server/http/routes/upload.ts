import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, uploadSchema } from '../../../protocol';
import type { AccountService } from '../../domain/accounts';
import { AppError } from '../../domain/appError';
import { callerKey, tokenOf } from '../auth';
import { ok } from '../envelope';
import { operation, type OpenApiPaths } from '../openapi';
import type { LimitCaller } from '../rateLimits';
import { PRIVATE_ANSWER } from '../securityHeaders';

/** A failure while reading the parts, as a catalogued error. Limits have their own messages; any
 * other failure is a body that is not well-formed multipart (no boundary, cut off mid-file, as a
 * phone losing its signal sends), which busboy reports with no code of its own. */
const multipartError = (e: unknown): AppError => {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('upload_size');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return new AppError('upload_count');
  if (code === 'FST_FIELDS_LIMIT') return new AppError('unknown_parameter');
  return new AppError('parameter_error', { field: 'file' });
};

/** Uploads one account may have under way at once: the verification form sends its two sides
 * together. */
const UPLOADS_IN_FLIGHT_PER_USER = 2;
/** Uploads the server reads at once, each up to IMAGE_MAX_BYTES in memory. */
const UPLOADS_IN_FLIGHT = 32;

/** The one image part of a multipart body. */
const readImage = async (req: FastifyRequest): Promise<Buffer> => {
  let bytes: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') throw new AppError('unknown_parameter', { field: part.fieldname });
      if (part.fieldname !== 'file') throw new AppError('unknown_parameter', { field: part.fieldname });
      if (bytes) throw new AppError('upload_count');
      bytes = await part.toBuffer();
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw multipartError(e);
  }
  if (!bytes) throw new AppError('image_required', { field: 'file' });
  return bytes;
};

/**
 * POST /api/upload (one image per request, field `file`, multipart) and GET /api/upload/:id.
 * Registered as its own plugin so multipart parsing, and its limits instead of the 1 MB JSON body
 * limit, apply to this route only.
 */
export const uploadRoutes =
  (accounts: AccountService, limit: LimitCaller) => async (scope: FastifyInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 50 },
      throwFileSizeLimit: true,
    });
    // Bodies are read into memory before the day's count is checked, so uploads under way are
    // bounded: a client sending hundreds at once (or slowly) would otherwise hold as many images.
    const underWay = new Map<number, number>();
    let total = 0;

    scope.post('/api/upload', { bodyLimit: IMAGE_MAX_BYTES + 64 * 1024 }, async (req, reply) => {
      const { user } = await accounts.authenticateUser(tokenOf(req));
      await limit(req, reply, callerKey('user', user.id));
      if (!req.isMultipart()) throw new AppError('parameter_error', { field: 'file' });
      const mine = underWay.get(user.id) ?? 0;
      if (mine >= UPLOADS_IN_FLIGHT_PER_USER || total >= UPLOADS_IN_FLIGHT)
        throw new AppError('too_many_requests');
      underWay.set(user.id, mine + 1);
      total += 1;
      try {
        return ok(await accounts.saveUpload(user.id, await readImage(req)));
      } finally {
        total -= 1;
        const left = (underWay.get(user.id) ?? 1) - 1;
        if (left > 0) underWay.set(user.id, left);
        else underWay.delete(user.id);
      }
    });

    scope.get<{ Params: { id: string } }>('/api/upload/:id', async (req, reply) => {
      const viewer = await accounts.authenticateViewer(tokenOf(req));
      await limit(
        req,
        reply,
        viewer.kind === 'user' ? callerKey('user', viewer.userId) : callerKey('operator', viewer.operatorId),
      );
      const { mime, bytes } = await accounts.readUpload(viewer, req.params.id);
      // An identity document: kept in no cache, where it would outlive the session on a shared phone.
      return reply
        .header('content-type', mime)
        .header('cache-control', PRIVATE_ANSWER)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(bytes);
    });
  };

/** The two upload routes in the OpenAPI document (they are registered outside the ApiRoute table
 * for their multipart body and binary answer). */
export const uploadApiPaths = (): OpenApiPaths => ({
  '/api/upload': {
    post: operation({
      summary: `Upload one image (JPEG, PNG or WebP, up to ${IMAGE_MAX_BYTES} bytes) for identity verification`,
      tag: 'user',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' } },
              required: ['file'],
            },
          },
        },
      },
      data: uploadSchema,
    }),
  },
  '/api/upload/{id}': {
    get: operation({
      summary: 'An uploaded image, to its owner or an operator',
      tag: 'user',
      parameters: [
        { name: 'id', in: 'path', schema: { type: 'string' }, description: 'The id the upload answered' },
      ],
      data: {
        description: 'The image',
        content: Object.fromEntries(
          IMAGE_TYPES.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]),
        ),
      },
    }),
  },
});
