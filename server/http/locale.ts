import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LANG_HEADER, isLocale, type Locale } from '../../protocol';

/** The reader's locale from the `Lang` header; anything unknown reads as the default. */
export const requestLocale = (req: FastifyRequest): Locale => {
  const raw = req.headers[LANG_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
  return isLocale(value) ? value : DEFAULT_LOCALE;
};
