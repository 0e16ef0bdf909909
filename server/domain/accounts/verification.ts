import {
  CERTIFICATION,
  type AuthenticationRequest,
  type DocType,
  type VerificationStatus,
} from '../../../protocol';
import type { AccountDeps } from './deps';
import { fail } from './errors';
import { getUser } from './profile';
import { UniqueViolation, type VerificationRecord } from './ports';
import { ownUpload } from './uploads';
import { isApproved } from './userinfo';

/** Only the first and the last characters of a document number are shown. */
const maskDocNumber = (value: string) =>
  value.length <= 2
    ? '*'.repeat(value.length)
    : `${value[0]}${'*'.repeat(value.length - 2)}${value[value.length - 1]}`;

const statusOf = (certification: number | null, v: VerificationRecord | undefined): VerificationStatus => ({
  certification,
  name: v?.name ?? null,
  docType: (v?.docType as DocType | undefined) ?? null,
  docNumber: v ? maskDocNumber(v.docNumber) : null,
  rejectReason: v?.status === 'rejected' ? v.rejectReason : null,
  submittedAt: v?.submittedAt ?? null,
});

export const getVerificationStatus = async (
  deps: AccountDeps,
  userId: number,
): Promise<VerificationStatus> => {
  const user = await getUser(deps, userId);
  return statusOf(user.certification, await deps.uow.store.verifications.latestForUser(userId));
};

/**
 * Real-name verification. Never verified or failed → the submission goes under review (0);
 * under review → verification_pending; approved → verification_done. Both images must be the
 * user's own, different uploads. A document number someone else has pending or approved, as either
 * type → duplicate_document_number (also enforced by a partial unique index): an ID card's number
 * sent again as a passport's is the same person's document.
 */
export const submitVerification = async (
  deps: AccountDeps,
  userId: number,
  req: AuthenticationRequest,
): Promise<VerificationStatus> => {
  const user = await getUser(deps, userId);
  if (user.certification === CERTIFICATION.underReview) throw fail('verification_pending');
  if (isApproved(user.certification)) throw fail('verification_done');
  await ownUpload(deps, userId, req.frontImage, 'frontImage');
  await ownUpload(deps, userId, req.backImage, 'backImage');
  if (req.frontImage === req.backImage) throw fail('image_required', { field: 'backImage' });
  const docNumber = req.docNumber.toUpperCase();
  const active = await deps.uow.store.verifications.findActiveDocument(docNumber);
  if (active && active.userId !== userId) throw fail('duplicate_document_number');
  try {
    await deps.uow.transaction(async (tx) => {
      await tx.verifications.insert({
        userId,
        name: req.name,
        docType: req.docType,
        docNumber,
        frontUploadId: req.frontImage,
        backUploadId: req.backImage,
        status: 'pending',
        submittedAt: deps.clock(),
      });
      await tx.users.update(userId, { certification: CERTIFICATION.underReview });
    });
  } catch (e) {
    if (!(e instanceof UniqueViolation)) throw e;
    const holder = await deps.uow.store.verifications.findActiveDocument(docNumber);
    throw fail(holder && holder.userId !== userId ? 'duplicate_document_number' : 'verification_pending');
  }
  return getVerificationStatus(deps, userId);
};
