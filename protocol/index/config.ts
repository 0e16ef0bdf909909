import { z } from 'zod';

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
