import { z } from 'zod';
import { LOCALES, localeFromConfigLang } from '../locales';
import { typedText } from '../typedText';

/** Certification switch in the global config: whether real-name verification is offered at all. */
export const globalConfigSchema = z.object({
  certification: z.boolean(),
  /** Default language of the site, form `xx-yy`; the part after the dash selects the locale. */
  lang: z.string().regex(/^[a-z]{2}-[a-z]{2}$/),
  /** Online customer-service link; empty when the in-app service is used. */
  custom: z.string(),
  /** Whether a withdrawal may go to an address typed in, not only to a saved one. */
  thirdPartyWithdrawalAddress: z.boolean(),
  h5ico: z.string(),
  appDownloadLink: z.string(),
  logo: z.string(),
  /** Prefix of every page title ("Company - Title"); empty for none. */
  companyName: z.string(),
});
export type GlobalConfig = z.infer<typeof globalConfigSchema>;

const COMPANY_NAME_MAX = 60;

const LINK_RE = /^(https?:\/\/[^\s/?#]+|\/(?!\/))\S*$/;
// Characters no address holds, which `\S` lets through: control characters (a NUL, which
// PostgreSQL refuses to store), characters that show nothing (direction overrides, zero-width
// spaces), halves of UTF-16 pairs, and the backslash, which browsers read as a slash: `/\evil.example`
// is `//evil.example`, another site taken for a path on this one.
const NOT_IN_LINKS = /[\p{Cc}\p{Cf}\p{Cs}\\]/u;

/** A link or image an operator sets (the config's logo, a carousel slide's image and target):
 * empty, a path on this site (`/img/banner.svg`, not `//elsewhere`) or an http(s) address. */
export const isSiteLink = (value: string) =>
  value === '' || (LINK_RE.test(value) && !NOT_IN_LINKS.test(value));

/** The rule of `isSiteLink` on a trimmed string, refused with `message`. */
export const siteLink = (message: string) => z.string().trim().refine(isSiteLink, message);

const link = siteLink('must be empty, a path on this site (/logo.svg) or an http(s) address');
const onOff = z.boolean('must be true or false');

/**
 * What an operator may write into the global config (`setGlobalConfig` checks against this). The
 * read schema above takes whatever is stored; this one refuses what would break the display, each
 * rule with a sentence the operator reads: a language the app does not have (silently ignored by
 * every reader), a link that is none. Text is kept as typed text is (trimmed, no control
 * characters): a company name of spaces is no company name, not a title of "   - Home".
 */
export const globalConfigWriteSchema = z
  .strictObject({
    certification: onOff,
    lang: z
      .string()
      .trim()
      .toLowerCase()
      .refine(
        (lang) => /^[a-z]{2}-[a-z]{2}$/.test(lang) && localeFromConfigLang(lang) !== null,
        `must be xx-yy where yy is one of the app's languages: ${LOCALES.join(', ')} (ko-kr for Korean)`,
      ),
    custom: link,
    thirdPartyWithdrawalAddress: onOff,
    h5ico: link,
    appDownloadLink: link,
    logo: link,
    companyName: typedText().max(COMPANY_NAME_MAX, `must be at most ${COMPANY_NAME_MAX} characters`),
  })
  .partial();
export type GlobalConfigWrite = z.input<typeof globalConfigWriteSchema>;
