import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../protocol/locales';
import { doubleTap, phoneContext } from './helpers/browser';
import { adminCli } from './helpers/operator';
import { phoneSession } from './helpers/session';

const translations = (locale: Locale) =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../locales/${locale}.json`), 'utf8'));

const session = phoneSession();
const PHONE_WIDTH = 390;

/** An address and a link as operators paste them: no place to break a line. */
const UNBROKEN =
  'Send only to TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE000000000000000000 or read ' +
  'https://www.example.com/help/deposits/trc20/why-the-network-matters/and-what-happens-otherwise?from=notice';

/** The operator API as the operator printed in the first-start box. */
const operatorCall = async (method: string, url: string, body: object) => {
  const m = /operator \([^)]*\):\s+(\S+) \/ (\S+)/.exec(session.server.logs());
  if (!m) throw new Error(`no operator in the first-start output:\n${session.server.logs()}`);
  const call = async (to: string, payload: object, token?: string) => {
    const res = await fetch(`${session.server.url}/api${to}`, {
      method: to === '/admin/login' ? 'POST' : method,
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(payload),
    });
    return ((await res.json()) as { data: { token: string; id: number } }).data;
  };
  const { token } = await call('/admin/login', { username: m[1], password: m[2] });
  return call(url, body, token);
};

/** The page is as wide as the phone: nothing pushes it sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const inLanguage = (page: Page, locale: Locale) =>
  page.evaluate((l) => localStorage.setItem('lang', l), locale);

describe('home, content and language in a real browser', () => {
  it('keeps an unbroken address inside the phone on a notice, a help article and a document', async () => {
    const { page } = session;
    const notice = await operatorCall('POST', '/admin/notices', {
      locale: 'us',
      title: `Deposit address TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE000000`,
      message: UNBROKEN,
    });
    const article = await operatorCall('POST', '/admin/help', {
      locale: 'us',
      category: 'wallet',
      title: 'TRC20 deposits',
      body: UNBROKEN,
    });
    await operatorCall('PUT', '/admin/documents', {
      locale: 'us',
      type: 'aboutUs',
      title: 'About',
      body: UNBROKEN,
    });
    for (const url of [
      `/noticeDetail?id=${notice.id}`,
      '/notice',
      `/help/detail?id=${article.id}`,
      '/aboutUs',
    ]) {
      await page.goto(url);
      await page
        .getByText(/TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE/)
        .first()
        .waitFor();
      expect(await pageWidth(page), url).toBe(PHONE_WIDTH);
    }
  });

  it('keeps an unbroken address inside the notice pop-up at 320 px', async () => {
    const context = await phoneContext(session.browser, session.server.url);
    const page = await context.newPage();
    await page.setViewportSize({ width: 320, height: 640 });
    // The operator's pop-up as an operator writes one, an address in its title and its text.
    await page.route('**/api/index/popups', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Array<{ id: number; title: string; content: string }> };
      body.data = [{ id: 1, title: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE000000', content: UNBROKEN }];
      await route.fulfill({ response, json: body });
    });
    await page.goto('/home');
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(/TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE/)
      .first()
      .waitFor();
    // The dialog scrolls up and down for a long text; sideways, a line would be cut at its edge.
    const overflowing = await dialog.evaluate((d) =>
      [d, ...d.querySelectorAll('h2, p')]
        .filter((el) => el.scrollWidth > el.clientWidth)
        .map((el) => `${el.tagName} ${el.scrollWidth} > ${el.clientWidth}`),
    );
    expect(overflowing).toEqual([]);
    await context.close();
  });

  it('goes back to the notices where the reader left them, once the list has come again', async () => {
    const { page } = session;
    for (let i = 1; i <= 30; i++) {
      await operatorCall('POST', '/admin/notices', {
        locale: 'us',
        title: `Maintenance window ${i}`,
        message: 'x',
      });
    }
    // The list takes a while to come, as on a phone's network: the screen is drawn without it first.
    await page.route('**/api/index/notice', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    try {
      await page.goto('/notice');
      const rows = page.getByRole('link', { name: /^Maintenance window/ });
      await expect.poll(() => rows.count()).toBe(30);
      const row = rows.nth(20);
      await row.scrollIntoViewIfNeeded();
      const left = await page.evaluate(() => window.scrollY);
      expect(left).toBeGreaterThan(400);
      await row.click();
      await page.waitForURL('**/noticeDetail?id=*');
      await page.goBack();
      await page.waitForURL('**/notice');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
    } finally {
      await page.unroute('**/api/index/notice');
    }
  });

  it('shows the whole app-download sentence in every language, its close at the top, at 390 and 320 px', async () => {
    const { page } = session;
    try {
      for (const width of [PHONE_WIDTH, 320])
        for (const locale of LOCALES) {
          await page.setViewportSize({ width, height: 844 });
          await page.goto('/home');
          await inLanguage(page, locale);
          await page.reload();
          const text = page.locator('.download-banner__text');
          await expect
            .poll(() => text.textContent(), { message: locale })
            .toBe(translations(locale).download.text);
          const box = await text.evaluate((el) => {
            const close = el.closest('.download-banner')!.querySelector('.icon-btn')!.getBoundingClientRect();
            return {
              cut: el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth,
              right: el.closest('.download-banner')!.getBoundingClientRect().right,
              // Beside the sentence, not on a line of its own under it.
              closeBeside: close.top < el.getBoundingClientRect().bottom,
            };
          });
          const where = `${locale} at ${width} px`;
          expect(box.cut, where).toBe(false);
          expect(box.right, where).toBeLessThanOrEqual(width);
          expect(box.closeBeside, where).toBe(true);
        }
    } finally {
      await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
    }
  });

  it('takes one step back and no more on a double tap of a language or of the back button', async () => {
    const { page } = session;
    await page.goto('/home');
    await inLanguage(page, 'de');
    await page.reload();
    await page.locator('a[href="/user"]').first().click();
    await page.waitForURL('**/user');
    await page.locator('a[href="/lang"]').click();
    await page.waitForURL('**/lang');
    await doubleTap(page, page.locator('[data-locale="es"]'));
    await page.waitForURL('**/user');
    await page.getByRole('heading', { name: translations('es').route.user, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/user');

    await page.locator('a[href="/notice"]').click();
    await page.locator('.link-list__item').first().click();
    await page.waitForURL('**/noticeDetail?id=*');
    await doubleTap(page, page.locator('.navbar__back'));
    await page.waitForURL('**/notice');
    await page.waitForLoadState('networkidle');
    // A moment for a wrong second step to be taken, if one is.
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/notice');
  });

  it('opens one screen on a double tap of a home shortcut, and closes the banner without tapping what moved up', async () => {
    const { page } = session;
    const stays = async (path: string) => {
      await page.waitForURL(`**${path}`);
      await page.waitForLoadState('networkidle');
      // A moment for a second tap that fell on the new screen to open something, if one did.
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe(path);
    };
    // The second tap would open the first notice, the first help article.
    for (const [shortcut, path] of [
      ['.notice-bar', '/notice'],
      ['.quick-links__item[href="/help"]', '/help'],
    ] as const) {
      await page.goto('/home');
      await doubleTap(page, page.locator(shortcut));
      await stays(path);
    }
    // The second tap would open /trade from the carousel that moves up into the banner's place.
    await page.goto('/home');
    await doubleTap(page, page.locator('.download-banner .icon-btn'));
    await page.locator('.download-banner').waitFor({ state: 'detached' });
    await stays('/home');
    await page.evaluate(() => localStorage.removeItem('downloadBannerClosed'));
  });

  it('acknowledges one notice pop-up on a double tap, the next one coming up under the finger', async () => {
    const context = await phoneContext(session.browser, session.server.url);
    const page = await context.newPage();
    // A second pop-up like the seeded one, so that its button comes up where the first one's was.
    await page.route('**/api/index/popups', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Array<{ id: number; title: string; content: string }> };
      const [first] = body.data;
      body.data.push({ ...first!, id: first!.id + 1000, title: `${first!.title} (2)` });
      await route.fulfill({ response, json: body });
    });
    await page.goto('/home');
    const dialog = page.getByRole('dialog');
    const title = await dialog.locator('h2').textContent();
    await doubleTap(page, dialog.getByRole('button', { name: translations('us').notice.acknowledge }));
    const shown = async () => ((await dialog.count()) ? dialog.locator('h2').textContent() : 'no pop-up');
    await expect.poll(shown).not.toBe(title);
    // A moment for a second tap that fell on the next pop-up to acknowledge it, if one did.
    await page.waitForTimeout(300);
    expect(await shown()).toBe(`${title} (2)`);
    await context.close();
  });

  it('starts a keyboard and a screen reader at the new screen\u2019s title once a link is followed', async () => {
    const { page } = session;
    await page.goto('/home');
    await page.locator('.quick-links__item[href="/help"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/help');
    // In the language an earlier case left chosen.
    const shown = translations((await page.evaluate(() => localStorage.getItem('lang'))) as Locale);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(shown.route.help);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    // The next Tab goes on into the screen, not back to the top of the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(
      true,
    );
  });

  it('follows in one tab a language chosen in another, labels and requests alike', async () => {
    const { context } = session;
    const first = await context.newPage();
    await first.goto('/home');
    await inLanguage(first, 'de');
    await first.reload();
    await first.getByRole('navigation', { name: translations('de').tab.label }).waitFor();

    const second = await context.newPage();
    await second.goto('/lang');
    await second.locator('[data-locale="kr"]').click();
    await second.waitForURL('**/home');
    await second.close();

    const korean = translations('kr');
    await first.getByRole('navigation', { name: korean.tab.label }).waitFor();
    const asked = first.waitForRequest((r) => new URL(r.url()).pathname === '/api/index/notice');
    await first.locator('.notice-bar').click();
    expect((await asked).headers()['lang']).toBe('kr');
    await first.getByRole('heading', { name: korean.route.notice, level: 1 }).waitFor();
    await first.close();
  });

  it('follows an open notice into Chinese chosen in another tab, showing the same notice in Chinese', async () => {
    const { context } = session;
    const reader = await context.newPage();
    await reader.goto('/home');
    await inLanguage(reader, 'us');
    await reader.goto('/notice');
    await reader.getByRole('link', { name: /New pairs listed/ }).click();
    await reader.waitForURL('**/noticeDetail?id=*');
    await reader.getByRole('heading', { name: 'New pairs listed', level: 2 }).waitFor();

    const other = await context.newPage();
    await other.goto('/lang');
    await other.locator('[data-locale="cn"]').click();
    await other.waitForURL('**/home');
    await other.close();

    const title = reader.getByRole('heading', { name: '新交易对上线', level: 2 });
    await title.waitFor();
    expect(await title.getAttribute('lang')).toBe('zh-CN');
    expect(new URL(reader.url()).pathname).toBe('/noticeDetail');
    expect(await reader.getByRole('note').count()).toBe(0);
    await reader.close();
  });

  // The config, which names the site's language, arrives once the home screen has drawn its
  // content in English: that content is asked for again, in Korean. (The other order, the home
  // screen's code arriving after the switch, is prefetch.test.ts's: this build runs React's
  // development checks, whose second run of each effect asks again anyway.)
  it('shows a first visitor the site’s language everywhere, content the screen had drawn included', async () => {
    await adminCli(session.server.dataDir, 'config', 'set', 'lang', 'ko-kr');
    const korean = async (what: string) => {
      const res = await fetch(`${session.server.url}/api/index/${what}`, { headers: { lang: 'kr' } });
      return ((await res.json()) as { data: { title: string }[] }).data[0]!.title;
    };
    const context = await phoneContext(session.browser, session.server.url);
    const page = await context.newPage();
    await page.route('**/api/index/config', async (route) => {
      await page.locator('.feature__title').first().waitFor();
      await route.continue();
    });
    const lang: Record<string, string | undefined> = {};
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/index/')) lang[url.pathname] = r.headers()['lang'];
    });
    await page.goto('/home');
    // The switch takes a chain of requests after the first drawing (the config held back until
    // then, the content asked for again); on a slow machine under the whole suite that took longer
    // than a poll's default second.
    const patient = { timeout: 10_000 };
    const title = (selector: string) => () => page.locator(selector).first().textContent();
    await expect.poll(title('.carousel__title'), patient).toBe(await korean('carousel'));
    await expect.poll(title('.notice-bar__text'), patient).toBe(await korean('notice'));
    await expect.poll(title('.feature__title'), patient).toBe(await korean('content?type=home'));
    await expect
      .poll(() => page.getByRole('dialog').locator('h2').textContent(), patient)
      .toBe(await korean('popups'));
    await page.waitForLoadState('networkidle');
    // The last time home asked for its content, it asked in Korean.
    expect(lang).toMatchObject({
      '/api/index/notice': 'kr',
      '/api/index/content': 'kr',
      '/api/index/popups': 'kr',
    });
    await context.close();
  });
});
