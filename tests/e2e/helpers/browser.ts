import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--disable-quic',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/** A phone-sized context, as the app is designed for (390×844). */
export const phoneContext = (browser: Browser, baseURL: string, locale = 'en-US'): Promise<BrowserContext> =>
  browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
  });
