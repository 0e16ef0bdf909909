import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageLocale } from '../../../server/http/pageLocale';

const req = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('the language a page is written in', () => {
  it('is the reader’s choice, else the site’s, else the browser’s as the app reads it', () => {
    const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };
    expect(pageLocale(req({ ...zh, cookie: 'theme=dark; lang=de' }), 'fr')).toBe('de');
    expect(pageLocale(req(zh), 'fr')).toBe('fr');
    expect(pageLocale(req(zh), null)).toBe('cn');
    expect(pageLocale(req({ 'accept-language': 'de-DE' }), null)).toBe('us');
    // A cookie that names no language is no choice.
    expect(pageLocale(req({ ...zh, cookie: 'lang=xx' }), 'it')).toBe('it');
  });
});
