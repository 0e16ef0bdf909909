import { z } from 'zod';
import { withoutNul } from './typedText';
import { bothOrNeitherCaptchaField, docTypeSchema, loginCaptchaFields, userInfoSchema } from './accounts';
import { reviewReasonSchema } from './reviewReasons';
import { rowId, rowIdParam, wholeParam } from './rowId';
import { adminPage } from './wallet';

/** The operator API (`/api/admin/*`): its own accounts and tokens, reviews, flags and the audit log. */

export const OPERATOR_NAME_RE = /^[A-Za-z][A-Za-z0-9_.-]{2,29}$/;

export const adminLoginSchema = z
  .strictObject({
    username: withoutNul(z.string().min(1).max(30)),
    password: z.string().min(1).max(64),
    ...loginCaptchaFields,
  })
  .superRefine(bothOrNeitherCaptchaField);
export type AdminLoginRequest = z.infer<typeof adminLoginSchema>;

export const adminTokenSchema = z.object({ token: z.string() });

export const VERIFICATION_STATES = ['pending', 'approved', 'rejected'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** Submissions of a status, a page at a time (pending oldest first, the others newest first),
 * of one user when `user` names them: by id (digits) or username (which begins with a letter). */
export const adminVerificationQuerySchema = z.strictObject({
  status: z.enum(VERIFICATION_STATES).default('pending'),
  user: withoutNul(z.string().trim().min(1).max(100)).optional(),
  ...adminPage,
});
export type AdminVerificationQuery = z.output<typeof adminVerificationQuerySchema>;

/** A submission as operators see it: the full document number and both images' URLs (readable with
 * an operator token). */
export const adminVerificationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  docType: docTypeSchema,
  docNumber: z.string(),
  frontImage: z.string(),
  backImage: z.string(),
  status: z.enum(VERIFICATION_STATES),
  rejectReason: z.string().nullable(),
  submittedAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
  reviewedBy: z.string().nullable(),
});
export type AdminVerification = z.infer<typeof adminVerificationSchema>;

const id = rowId;

export const approveVerificationSchema = z.strictObject({ id });
export const rejectVerificationSchema = z.strictObject({ id, reason: reviewReasonSchema('verification') });

export const userFlagsSchema = z
  .strictObject({
    userId: id,
    tradingDisabled: z.boolean().optional(),
    withdrawProhibited: z.boolean().optional(),
    locked: z.boolean().optional(),
  })
  .refine(
    (v) => v.tradingDisabled !== undefined || v.withdrawProhibited !== undefined || v.locked !== undefined,
    {
      message: 'app.msg.parameter_error',
    },
  );
export type UserFlagsRequest = z.infer<typeof userFlagsSchema>;

export const adminUserQuerySchema = z.strictObject({
  query: withoutNul(z.string().max(100)).default(''),
  ...adminPage,
});
export type AdminUserQuery = z.output<typeof adminUserQuerySchema>;

export const adminUserSchema = userInfoSchema.extend({ locked: z.boolean() });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The kinds of record the audit log names as targets, each written `KIND:ID` (`withdrawal:7`,
 * `network:USDT:TRC20`, `outbox:a@b.c`); the writers' `AuditTarget` type holds them to this list. */
export const AUDIT_TARGET_KINDS = [
  'carousel',
  'config',
  'content',
  'defi_product',
  'deposit',
  'help',
  'network',
  'notice',
  'operator',
  'outbox',
  'pair',
  'popup',
  'user',
  'verification',
  'wallet_network',
  'withdrawal',
] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];
export type AuditTarget = `${AuditTargetKind}:${string}`;
/** A target as the audit log names them: a known kind, a colon, and which one. */
export const AUDIT_TARGET_RE = new RegExp(`^(${AUDIT_TARGET_KINDS.join('|')}):\\S+$`);

export const auditQuerySchema = z.strictObject({
  limit: wholeParam(200).default(50),
  before: rowIdParam.optional(),
  /** The changes to that record only. */
  target: z.string().max(254).regex(AUDIT_TARGET_RE).optional(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
