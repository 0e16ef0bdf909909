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
 * 24 hours) and type sniffed from the bytes. The file gets a random name and a row naming its
 * owner; when the row cannot be written the file is removed again. A file that cannot be written
 * is `upload_chunk_write`, a row that cannot is `upload_chunk_merge` (spec §8): the reader hears
 * that the upload failed, not an unexpected error, and may pick the image again.
 */
export const saveUpload = async (deps: AccountDeps, ownerId: number, bytes: Buffer): Promise<Upload> => {
  if (bytes.length > deps.settings.uploadMaxBytes) throw fail('upload_size');
  const sniffed = sniffImage(bytes);
  if (sniffed.kind === 'not-image') throw fail('upload_not_image');
  if (sniffed.kind === 'other-image') throw fail('upload_format');
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

/** An upload's bytes, for its owner or an operator; anyone else → no_permission. */
export const readUpload = async (deps: AccountDeps, viewer: Viewer, id: string) => {
  const record = UPLOAD_ID_RE.test(id) ? await deps.uow.store.uploads.findById(id) : undefined;
  if (!record) throw fail('record_not_found');
  if (viewer.kind === 'user' && viewer.userId !== record.ownerId) throw fail('no_permission');
  return { mime: record.mime, bytes: await deps.files.read(record.fileName) };
};

/** An upload the user owns, for a verification; another's → no_permission, unknown → record_not_found. */
export const ownUpload = async (deps: AccountDeps, userId: number, id: string, field: string) => {
  const record = UPLOAD_ID_RE.test(id) ? await deps.uow.store.uploads.findById(id) : undefined;
  if (!record) throw fail('record_not_found', { field });
  if (record.ownerId !== userId) throw fail('no_permission', { field });
  return record;
};
