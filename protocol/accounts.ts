import { z } from 'zod';
import { plainCode, typedText, withoutNul } from './typedText';
import { pageOf, pageQueryFields } from './paging';
import {
  CAPTCHA_LENGTH,
  CODE_LENGTH,
  DOC_TYPES,
  EMAIL_MAX,
  EMAIL_RE,
  INVITE_CODE_RE,
  NICKNAME_MAX,
  PHONE_RE,
  phoneOf,
  docNumberValid,
  passwordProblem,
  usernameProblem,
} from './accountRules';

/**
 * Account requests and answers. Each rule carries its `app.msg.*` key as the zod message, so the
 * server answers with the same translated message the form shows before sending.
 */
const password = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const username = z.string().superRefine((value, ctx) => {
  const problem = usernameProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** An address is kept lower-cased, and some letters grow when lower-cased ('İ' becomes two
 * characters): the form kept must fit too. */
const fitsLowerCased = (text: string) => text.toLowerCase().length <= EMAIL_MAX;
// Trimmed, as a code's target is: spaces a phone keyboard adds around an address are no part of it.
const email = z
  .string()
  .trim()
  .min(1, 'app.msg.field_required')
  .max(EMAIL_MAX, 'app.msg.email_format')
  .regex(EMAIL_RE, 'app.msg.email_format')
  .refine(fitsLowerCased, 'app.msg.email_format');
const phone = z.string().regex(PHONE_RE, 'app.msg.phone_format');
/** Where a code goes: an email address or a phone number as people write it. What is wrong with
 * it is said for the kind it looks like (an @ makes it an email address). */
const codeTarget = z
  .string()
  .max(EMAIL_MAX, 'app.msg.email_format')
  .superRefine((value, ctx) => {
    const text = value.trim();
    if (!text) ctx.addIssue({ code: 'custom', message: 'app.msg.field_required' });
    else if (text.includes('@')) {
      if (!EMAIL_RE.test(text) || !fitsLowerCased(text))
        ctx.addIssue({ code: 'custom', message: 'app.msg.email_format' });
    } else if (!phoneOf(text)) ctx.addIssue({ code: 'custom', message: 'app.msg.phone_format' });
  });
// Nothing left of it once trimmed is asked for, as every empty field is.
const nickname = typedText().min(1, 'app.msg.field_required').max(NICKNAME_MAX, 'app.msg.nickname_length');
const captchaId = withoutNul(z.string().min(1).max(64));
// Required, then correct (spec §5): nothing typed is said to be missing, not to be wrong. Read as
// typed or pasted (`plainCode`), as the form keeps them.
const captcha = z
  .string()
  .transform((text) => plainCode(text))
  .pipe(
    z.string().min(1, 'app.msg.field_required').length(CAPTCHA_LENGTH, 'app.msg.graphic_captcha_incorrect'),
  );
const code = z
  .string()
  .transform((text) => plainCode(text))
  .pipe(
    z
      .string()
      .min(1, 'app.msg.field_required')
      .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'app.msg.captcha_incorrect'),
  );

/** The ticket the send of `code` answered (sentCodeSchema): a code is only tried by whoever sent
 * it. A missing or malformed one is refused as a wrong code is. */
const codeTicket = z.string('app.msg.captcha_incorrect').max(64, 'app.msg.captcha_incorrect');

// A confirmation left empty is asked for, as every empty field is, rather than said not to match.
const confirmed = <T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.confirmPassword === '')
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'app.msg.field_required' });
  else if (v.password !== v.confirmPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'app.msg.password_mismatch' });
};

const changed = <T extends { oldPassword: string; password: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.oldPassword === v.password)
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'app.msg.password_same' });
};

export const registerSchema = z
  .strictObject({
    username,
    password,
    confirmPassword: z.string(),
    email,
    phone: phone.optional(),
    nickname: nickname.optional(),
    inviteCode: z.string().regex(INVITE_CODE_RE, 'app.msg.invite_code_not_exist').optional(),
    /** The code sent to `email` (sendCode, purpose register): the address is the registrant's. */
    code,
    codeTicket,
  })
  .superRefine(confirmed);
export type RegisterRequest = z.infer<typeof registerSchema>;

/** A login's graphic captcha: only once the account has had several failed logins
 * (captcha_required); then both fields. */
export const loginCaptchaFields = { captchaId: captchaId.optional(), captcha: captcha.optional() };
export const bothOrNeitherCaptchaField = (
  v: { captchaId?: string | undefined; captcha?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if ((v.captchaId === undefined) !== (v.captcha === undefined))
    ctx.addIssue({ code: 'custom', path: ['captcha'], message: 'app.msg.field_required' });
};

/** A password typed to prove who one is: at login, or the current one to change it. One longer
 * than any password can be is nobody's, so it is the password being wrong (`wrong`), as the server
 * would say of any other; refused as a parameter error, it named nothing the reader did. */
const typedPassword = (wrong: string) => z.string().min(1, 'app.msg.field_required').max(64, wrong);

export const loginSchema = z
  .strictObject({
    /** Username, email or phone. */
    username: withoutNul(z.string().min(1, 'app.msg.field_required').max(EMAIL_MAX)),
    password: typedPassword('app.msg.login_failed'),
    ...loginCaptchaFields,
  })
  .superRefine(bothOrNeitherCaptchaField);
export type LoginRequest = z.infer<typeof loginSchema>;

const sendFields = { captchaId, captcha };
/** `register` codes go to the email address of an account about to be made, `forgetPwd` codes to
 * the email or phone of one that exists. */
export const sendCodeSchema = z.discriminatedUnion('purpose', [
  /** To the email address or the phone number of an account. */
  z.strictObject({ target: codeTarget, purpose: z.literal('forgetPwd'), ...sendFields }),
  /** To the email address an account is being registered with. */
  z.strictObject({ target: email, purpose: z.literal('register'), ...sendFields }),
]);
export type SendCodeRequest = z.infer<typeof sendCodeSchema>;
export type CodePurpose = SendCodeRequest['purpose'];
/** What a code is for: the purposes of sendCode, and `withdrawPwd`, sent to a signed-in account's
 * own email address (`POST /user/withdrawPwd/code`) for setting or resetting its withdrawal
 * password. */
export type CodeUse = CodePurpose | 'withdrawPwd';
/** The answer to a send: the ticket that must come back with its code. */
export const sentCodeSchema = z.object({ codeTicket: z.string() });
export type SentCode = z.infer<typeof sentCodeSchema>;

export const forgetPwdSchema = z
  .strictObject({ target: codeTarget, code, codeTicket, password, confirmPassword: z.string() })
  .superRefine(confirmed);
export type ForgetPwdRequest = z.infer<typeof forgetPwdSchema>;

/** A change of the login or the withdrawal password: `wrong` is that password's own refusal. */
const passwordChange = (wrong: string) =>
  z
    .strictObject({ oldPassword: typedPassword(wrong), password, confirmPassword: z.string() })
    .superRefine(confirmed)
    .superRefine(changed);

export const changePwdSchema = passwordChange('app.msg.old_password_wrong');
export type ChangePwdRequest = z.infer<typeof changePwdSchema>;

/** Setting the first withdrawal password, or a new one in place of a forgotten one, takes a code
 * sent to the account's own email address (`POST /user/withdrawPwd/code`): a session alone, a
 * phone left unlocked or a stolen token, must not be enough to choose the password withdrawals
 * are confirmed with. */
export const setWithdrawPwdSchema = z
  .strictObject({ code, codeTicket, password, confirmPassword: z.string() })
  .superRefine(confirmed);
export type SetWithdrawPwdRequest = z.infer<typeof setWithdrawPwdSchema>;

export const changeWithdrawPwdSchema = passwordChange('app.msg.old_withdraw_pwd_wrong');

export const updateUserInfoSchema = z.strictObject({ nickname });

export const docTypeSchema = z.enum(DOC_TYPES, 'app.msg.document_type_error');

export const authenticationSchema = z
  .strictObject({
    // Left empty, a field is said to be required, as everywhere else; written wrong, invalid.
    name: typedText()
      .min(1, 'app.msg.field_required')
      .min(2, 'app.msg.real_name_invalid')
      .max(60, 'app.msg.real_name_invalid'),
    docType: docTypeSchema,
    docNumber: z.string().trim().min(1, 'app.msg.field_required').max(20, 'app.msg.doc_number_invalid'),
    frontImage: withoutNul(z.string().min(1, 'app.msg.image_required').max(64)),
    backImage: withoutNul(z.string().min(1, 'app.msg.image_required').max(64)),
  })
  .superRefine((v, ctx) => {
    if (v.docNumber !== '' && !docNumberValid(v.docType, v.docNumber))
      ctx.addIssue({ code: 'custom', path: ['docNumber'], message: 'app.msg.doc_number_invalid' });
  });
export type AuthenticationRequest = z.infer<typeof authenticationSchema>;

/** What the web app keeps as `userinfo` and the gates read. `certification`: null never verified,
 * 0 under review, 1 failed, 2 approved. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  phone: z.string(),
  inviteCode: z.string(),
  creditScore: z.number().int(),
  certification: z.number().int().nullable(),
  tradingDisabled: z.boolean(),
  withdrawProhibited: z.boolean(),
  hasWithdrawPassword: z.boolean(),
  /** UTC ms until which withdrawals are locked after a login-password change; 0 for none. */
  withdrawLockedUntil: z.number().int(),
  createdAt: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const sessionSchema = z.object({ token: z.string(), userinfo: userInfoSchema });
export type Session = z.infer<typeof sessionSchema>;

export const captchaSchema = z.object({ id: z.string(), svg: z.string() });
export type Captcha = z.infer<typeof captchaSchema>;

export const verificationStatusSchema = z.object({
  certification: z.number().int().nullable(),
  name: z.string().nullable(),
  docType: docTypeSchema.nullable(),
  /** Masked: only the first and last characters are shown. */
  docNumber: z.string().nullable(),
  rejectReason: z.string().nullable(),
  submittedAt: z.number().int().nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const uploadSchema = z.object({ id: z.string(), url: z.string() });
export type Upload = z.infer<typeof uploadSchema>;

/** Referral generations: `first` signed up with my code, `second` with theirs. */
export const INVITE_GENERATIONS = ['first', 'second'] as const;
export type InviteGeneration = (typeof INVITE_GENERATIONS)[number];
/** Members a page lists when not asked for another size. */
export const INVITEE_PAGE_SIZE = 20;

const inviteMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  registeredAt: z.number().int(),
  certified: z.boolean(),
});
export type InviteMember = z.infer<typeof inviteMemberSchema>;
export const inviteSchema = z.object({
  inviteCode: z.string(),
  /** How many members each generation has in all; the members are read through /user/invitees. */
  firstTotal: z.number().int(),
  secondTotal: z.number().int(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const inviteesQuerySchema = z.strictObject({
  generation: z.enum(INVITE_GENERATIONS),
  ...pageQueryFields(100, INVITEE_PAGE_SIZE),
});
export type InviteesRequest = Partial<z.output<typeof inviteesQuerySchema>> & {
  generation: InviteGeneration;
};
export const inviteePageSchema = pageOf(inviteMemberSchema);
export type InviteePage = z.infer<typeof inviteePageSchema>;

export const CERTIFICATION = { underReview: 0, failed: 1, approved: 2 } as const;
