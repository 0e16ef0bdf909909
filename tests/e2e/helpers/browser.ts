import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

const cspRefusals: string[] = [];
const REFUSED = 'Content Security Policy refused';

/** Notes what the page's Content-Security-Policy (server/http/securityHeaders.ts) refused in any
 * page of the context: an image, a style or a script the app needs, which the browser would leave
 * out without failing anything, or a script's eval, which Chromium reports to DevTools' Issues
 * only, not to the console. Every browser test fails on one (tests/setup/browser.ts). */
export const watchCsp = async (context: BrowserContext): Promise<BrowserContext> => {
  await context.addInitScript((refused) => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`${refused} ${e.effectiveDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
    );
  }, REFUSED);
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith(REFUSED)) cspRefusals.push(message.text());
  });
  return context;
};

/** The refusals noted since the last call. */
export const takeCspRefusals = (): string[] => cspRefusals.splice(0);

/** A phone-sized context, as the app is designed for (390×844). */
export const phoneContext = async (
  browser: Browser,
  baseURL: string,
  locale = 'en-US',
): Promise<BrowserContext> =>
  watchCsp(
    await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale,
    }),
  );

/** "Not shown today" ticked today, as the app stores it, in every page of `context`. */
export const skipPopupsToday = (context: BrowserContext) =>
  context.addInitScript(() => {
    const d = new Date();
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    localStorage.setItem('notShownToday', day);
    localStorage.setItem('lastDate', String(d.getDate()));
  });

/** The pause before a reader's next tap once a tap has changed the screen: a tap at once on the
 * same spot would be the second of a double tap, which the app does not hear (src/app/secondTap.ts).
 * A person looks at the new screen first. */
export const moveOn = (page: Page) => page.waitForTimeout(400);

/** Two taps on one spot as a finger makes them, 150 ms apart: by the second the first may have
 * changed the screen (gone back, closed a sheet), with something else under the finger. */
export const doubleTap = async (page: Page, target: Locator) => {
  // boundingBox answers null at once for an element not yet shown (a screen still rendering after
  // a navigation); a finger waits until there is something to tap.
  await target.waitFor({ state: 'visible' });
  // A finger scrolls to what it taps: the mouse clicks where it is told, on screen or not.
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`doubleTap: ${String(target)} has no box once visible`);
  await doubleTapAt(page, box.x + box.width / 2, box.y + box.height / 2);
};

/** The same double tap on a point of the screen. */
export const doubleTapAt = async (page: Page, x: number, y: number) => {
  await page.mouse.click(x, y);
  await page.waitForTimeout(150);
  await page.mouse.click(x, y);
};
