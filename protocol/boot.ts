import type { CarouselItem } from './index/content';
import type { Locale } from './locales';
import type { PairInfo } from './market';

/** The id of the JSON data block the server writes into every page it serves. */
export const BOOT_ELEMENT_ID = 'boot-data';

/** The id of the heading the server writes into a page whose heading is data (a pair's name),
 * shown until the app has drawn the screen's own bar. */
export const BOOT_HEADING_ID = 'boot-heading';

/** The cookie that tells the server the reader's chosen language before any script has run (the
 * app keeps the choice in localStorage too); without it the server reads Accept-Language the way
 * the app reads navigator.language. */
export const LANG_COOKIE = 'lang';

/** A page's title (spec §1): the translated route title, after the company name and a dash when
 * one is configured. The server writes it into the page; the app keeps it in step after. */
export const pageTitle = (title: string, companyName: string | undefined): string =>
  companyName ? `${companyName} - ${title}` : title;

/**
 * What a page carries from the server so its first render needs no request: the listed pairs,
 * which nearly every screen names (their figures and precisions) and which change only when the
 * operator lists or delists one; and on the home page its carousel in the reader's language.
 */
export interface BootData {
  pairs: PairInfo[];
  carousel?: { locale: Locale; items: CarouselItem[] };
}
