/**
 * Account input rules (spec §5), one reading of each ambiguous rule, shared by the registration
 * form and the server. Plain data and regexes only, so the web app can use them without zod.
 *
 * - Password: 6 to 20 characters (the registration reading), at least one letter and one digit,
 *   only letters, digits and `- * / + . ~ ! @ # $ % ^ & ( )`. The withdrawal password follows the
 *   same rule.
 * - Username: 6 to 30 characters (the stricter reading), letters, digits and underscore, starting
 *   with a letter, so it can never be mistaken for a phone number or an email address.
 */
const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
const PASSWORD_CHARSET_RE = /^[A-Za-z0-9\-*/+.~!@#$%^&()]+$/;
const PASSWORD_LETTER_RE = /[A-Za-z]/;
const PASSWORD_DIGIT_RE = /\d/;

const USERNAME_MIN = 6;
const USERNAME_MAX = 30;
const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_]*$/;

export const NICKNAME_MAX = 30;

// What a name is compared without: the characters that show nothing (Unicode's default-ignorable
// code points, the joiners and variation selectors that typed text keeps among them).
const UNSEEN = /\p{Default_Ignorable_Code_Point}/gu;

/** A name as `nameKey` reads it before folding its case: without the characters that show
 * nothing, in Unicode's compatibility form. */
export const plainName = (name: string): string => name.replace(UNSEEN, '').normalize('NFKC');

/**
 * The one form two names are the same in, for usernames and nicknames (`username_key`,
 * `nickname_key`): Unicode's compatibility form (NFKC: full-width "ＤｅｍｏＴｒａｄｅｒ", ligatures,
 * mathematical and circled letters are the plain letters they look like), case folded (lower case
 * of the upper case of the lower case: "ß", "ẞ" and "SS" fold alike, as do "ς" and "σ", which a
 * lower case alone keeps apart), without the characters that show nothing, runs of white space as
 * one space. A username (Latin letters, digits, underscore) folds to its lower case, as it always
 * did. Letters of other scripts that merely look like Latin ones (Cyrillic "а") stay apart here:
 * nicknames are told apart by those too, on the server (`nicknameSkeleton`).
 */
export const nameKey = (name: string): string =>
  plainName(name).toLowerCase().toUpperCase().toLowerCase().normalize('NFKC').replace(/\s+/gu, ' ').trim();

/** A nickname made of `base` and the number `n` when `base` is taken: `base` cut to fit (by
 * characters, so a pair of UTF-16 halves is never split), an underscore, `n` in four digits. */
export const suffixedNickname = (base: string, n: number): string =>
  `${[...base].slice(0, NICKNAME_MAX - 5).join('')}_${String(n).padStart(4, '0')}`;

/** A practical email check: one @, a dot in the domain, no spaces; at most 254 characters. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const EMAIL_MAX = 254;

/** International format: optional +, country code, 7 to 15 digits in all. */
export const PHONE_RE = /^\+?[1-9]\d{6,14}$/;

/** The one stored form of a phone number that passes PHONE_RE: with its +. A number cannot start
 * with 0 here (no national forms), so one typed without + is read as international all the same,
 * and "+4915112345678" and "4915112345678" are one number, held by one account. */
export const phoneKey = (phone: string) => (phone.startsWith('+') ? phone : `+${phone}`);

/** A phone number as typed, without the spaces, dashes, dots and brackets people write in it
 * (a browser's autofill writes "+1 (555) 010-9999"). */
export const compactPhone = (text: string) => text.trim().replace(/[\s\-.()]/g, '');

/** Text typed as a phone number (a login name, where a code goes) in its stored form; undefined
 * when it is not a phone number. */
export const phoneOf = (text: string): string | undefined => {
  const compact = compactPhone(text);
  return PHONE_RE.test(compact) ? phoneKey(compact) : undefined;
};

export const INVITE_CODE_RE = /^[A-Z0-9]{6,12}$/;

export const CAPTCHA_LENGTH = 4;
export const CODE_LENGTH = 6;
export const CODE_RESEND_SECONDS = 60;

/** The first broken password rule, as its message key, or null when the password is fine. Nothing
 * typed is said to be missing, as every empty field says, rather than of the wrong length. */
export const passwordProblem = (password: string): string | null => {
  if (password.length === 0) return 'app.msg.field_required';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'app.msg.password_length';
  if (!PASSWORD_CHARSET_RE.test(password)) return 'app.msg.password_charset';
  if (!PASSWORD_LETTER_RE.test(password) || !PASSWORD_DIGIT_RE.test(password))
    return 'app.msg.password_letter_digit';
  return null;
};

export const usernameProblem = (username: string): string | null => {
  if (username.length === 0) return 'app.msg.field_required';
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) return 'app.msg.username_length';
  if (!USERNAME_RE.test(username)) return 'app.msg.username_format';
  return null;
};

/** Identity document numbers, checked per type. An ID card number is taken as printed, 5 to 20
 * letters and digits, since national ID cards differ (9 characters in Germany, 10 in Taiwan, 12 in
 * France); one in the mainland's 18-character form (the last a digit or X) must have its check
 * digit right. A passport number is 6 to 20 letters and digits. */
export const DOC_TYPES = ['idCard', 'passport'] as const;
export type DocType = (typeof DOC_TYPES)[number];

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

export const docNumberValid = (type: DocType, value: string): boolean => {
  if (type === 'passport') return /^[A-Za-z0-9]{6,20}$/.test(value);
  if (!/^[A-Za-z0-9]{5,20}$/.test(value)) return false;
  if (!/^\d{17}[\dXx]$/.test(value)) return true;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  return ID_CHECK[sum % 11] === value[17]!.toUpperCase();
};

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
