import type { Upload } from '../../../protocol';
import { DAY_MS, type AccountDeps } from './deps';
import { fail } from './errors';
import type { UploadRecord } from './ports';
import { randomHex } from './secrets';
import { sniffImage } from './sniff';

export const uploadUrl = (id: string) => `/api/upload/${id}`;
const UPLOAD_ID_RE = /^[a-f0-9]{32}$/;

/**
 * Keeps an uploaded image: size (uploadMaxBytes), count (uploadsPerDay per user over the last
 * 24 hours), type and pixel dimensions sniffed from the bytes. The file gets a random name and a row naming its
 * owner; when the row cannot be written the file is removed again. A file that cannot be written
 * is `upload_chunk_write`, a row that cannot is `upload_chunk_merge` (spec §8): the reader hears
 * that the upload failed, not an unexpected error, and may pick the image again.
 */
export const saveUpload = async (deps: AccountDeps, ownerId: number, bytes: Buffer): Promise<Upload> => {
  if (bytes.length > deps.settings.uploadMaxBytes) throw fail('upload_size');
  const sniffed = sniffImage(bytes);
  if (sniffed.kind === 'not-image') throw fail('upload_not_image');
  if (sniffed.kind === 'other-image') throw fail('upload_format');
  if (sniffed.kind === 'too-large') throw fail('upload_dimensions');
  const now = deps.clock();
  if ((await deps.uow.store.uploads.countSince(ownerId, now - DAY_MS)) >= deps.settings.uploadsPerDay)
    throw fail('upload_count');
  const record: UploadRecord = {
    id: randomHex(16),
    ownerId,
    fileName: `${randomHex(16)}.${sniffed.ext}`,
    mime: sniffed.mime,
    size: bytes.length,
    createdAt: now,
  };
  try {
    await deps.files.write(record.fileName, bytes);
  } catch (e) {
    deps.log.error({ err: e }, 'upload file not written');
    throw fail('upload_chunk_write');
  }
  try {
    await deps.uow.store.uploads.insert(record);
  } catch (e) {
    deps.log.error({ err: e }, 'upload record not written');
    await deps.files.remove(record.fileName);
    throw fail('upload_chunk_merge');
  }
  return { id: record.id, url: uploadUrl(record.id) };
};

export type Viewer = { kind: 'user'; userId: number } | { kind: 'operator'; operatorId: number };

/** The record of upload `id` if `viewer` may see it: its owner or any operator. Another user's
 * upload is answered as one that does not exist, so an id tells nobody else whether it is real. */
const visibleUpload = async (deps: AccountDeps, viewer: Viewer, id: string, data: unknown = null) => {
  const record = UPLOAD_ID_RE.test(id) ? await deps.uow.store.uploads.findById(id) : undefined;
  if (!record || (viewer.kind === 'user' && viewer.userId !== record.ownerId))
    throw fail('record_not_found', data);
  return record;
};

/** An upload's bytes, for its owner or an operator; anyone else → record_not_found. */
export const readUpload = async (deps: AccountDeps, viewer: Viewer, id: string) => {
  const record = await visibleUpload(deps, viewer, id);
  return { mime: record.mime, bytes: await deps.files.read(record.fileName) };
};

/** An upload the user owns, for a verification; another's or an unknown one → record_not_found. */
export const ownUpload = (deps: AccountDeps, userId: number, id: string, field: string) =>
  visibleUpload(deps, { kind: 'user', userId }, id, { field });
