import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Balance } from '../../../protocol/assets';
import { LOCALE_TAGS, type Locale } from '../../../protocol/locales';
import { fixed, Ledger, shownUnits } from './money';
import { moveOn, phoneContext } from './browser';
import { startServer, type RunningServer } from './server';

/** One run of the journey: the site's default language (global config `lang`, set by the
 * operator) and the visitor's browser, which the app opens in, and the language the visitor
 * switches to and uses for the rest of it. */
export interface JourneyRun {
  name: string;
  siteLang: string;
  browserLocale: string;
  from: Locale;
  to: Locale;
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Waits on visible state are bounded by these; nothing in the journey sleeps. */
export const UI_MS = 30_000;
/** Live updates that go through the server and a socket (a confirmation, a settlement). */
export const LIVE_MS = 45_000;

export const DEMO_PASSWORD = 'Demo2026journey';
/** A "minute" of 10 s: a 1-minute contract settles within the test (still only on recorded ticks),
 * with time to see its countdown on a slow machine. */
const CONTRACT_MINUTE_MS = 10_000;

const translator = (locale: Locale): Translate => {
  const dict = JSON.parse(
    fs.readFileSync(path.resolve(__dirname, `../../../locales/${locale}.json`), 'utf8'),
  ) as Record<string, unknown>;
  return (key, vars = {}) => {
    const value = key
      .split('.')
      .reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], dict);
    if (typeof value !== 'string') throw new Error(`no ${locale} text for ${key}`);
    return value.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    );
  };
};

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface Journey {
  run: JourneyRun;
  server: RunningServer;
  context: BrowserContext;
  page: Page;
  /** Texts in the language the visitor switches to, and in the one they arrive with. */
  t: Translate;
  tFrom: Translate;
  /** The BCP 47 tag numbers are shown in. */
  tag: string;
  user: { username: string; email: string; password: string; withdrawPassword: string };
  /** What the balances must be after every step. */
  ledger: Ledger;
  /** The user's session token as last seen in the page. */
  token: string;
}

export const startJourney = async (browser: Browser, webRoot: string, run: JourneyRun): Promise<Journey> => {
  const server = await startServer(webRoot, {
    DEMO_PASSWORD,
    // Demo deposits off: every deposit waits for the operator.
    DEMO_DEPOSIT_DELAY_SECONDS: '0',
    CONTRACT_MINUTE_MS: String(CONTRACT_MINUTE_MS),
  });
  // In the visitor's own browser language.
  const context = await phoneContext(browser, server.url, run.browserLocale);
  context.setDefaultTimeout(UI_MS);
  context.setDefaultNavigationTimeout(UI_MS);
  const page = await context.newPage();
  return {
    run,
    server,
    context,
    page,
    t: translator(run.to),
    tFrom: translator(run.from),
    tag: LOCALE_TAGS[run.to],
    user: {
      username: `journey_${run.to}`,
      email: `journey.${run.to}@example.com`,
      password: 'Journey2026',
      withdrawPassword: 'Draw2026x',
    },
    ledger: new Ledger(),
    token: '',
  };
};

export const closeJourney = async (j: Journey | undefined) => {
  await j?.context.close();
  await j?.server.stop();
};

export const path_ = (j: Journey) => new URL(j.page.url()).pathname;

/** The token the page holds now (remembered for the calls the test makes itself). */
export const readToken = async (j: Journey): Promise<string> => {
  const token = await j.page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? 'null') as { token?: string } | null)?.token ?? '',
  );
  if (token) j.token = token;
  return token;
};

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A GET of the API as the user's own session (or another token) sees it: the whole envelope. */
export const apiCall = async <T>(j: Journey, url: string, token: string = j.token): Promise<Envelope<T>> => {
  const res = await fetch(`${j.server.url}/api${url}`, { headers: { token, lang: j.run.to } });
  return (await res.json()) as Envelope<T>;
};

/** The data of a GET that must succeed. */
export const api = async <T>(j: Journey, url: string): Promise<T> => {
  const body = await apiCall<T>(j, url);
  if (body.code !== 1) throw new Error(`GET ${url}: ${body.code} ${body.msg}`);
  return body.data;
};

/** The balances the server holds equal the expected ones to the last digit. */
export const expectBalances = async (j: Journey) => {
  const rows = await api<Balance[]>(j, '/assets/balances');
  expect([...rows].sort((a, b) => a.asset.localeCompare(b.asset))).toEqual(j.ledger.expected());
};

const shownFigures = async (j: Journey, asset: string) => {
  const texts = await j.page.getByTestId(`coin-${asset}`).locator('dd').allInnerTexts();
  try {
    return texts.map((s) => fixed(shownUnits(s, j.tag)));
  } catch {
    return texts;
  }
};

/** /assets shows, for every coin the user holds, exactly the expected available, frozen and total. */
export const expectAssetsScreen = async (j: Journey) => {
  for (const asset of j.ledger.assets()) {
    const { available, frozen, total } = j.ledger.of(asset);
    await expect
      .poll(() => shownFigures(j, asset), { timeout: LIVE_MS })
      .toEqual([fixed(available), fixed(frozen), fixed(total)]);
  }
};

export const tabBar = (j: Journey) => j.page.getByRole('navigation', { name: j.t('tab.label') });

export const tapTab = async (j: Journey, tab: 'home' | 'market' | 'trade' | 'contract' | 'assets') => {
  await tabBar(j)
    .getByRole('link', { name: j.t(`tab.${tab}`), exact: true })
    .click();
};

/** The operator's pop-up notices on home, acknowledged one by one (optionally "not today"). */
export const acknowledgePopups = async (j: Journey, t: Translate = j.t, notToday = false) => {
  const count = (await api<unknown[]>(j, '/index/popups')).length;
  expect(count).toBeGreaterThan(0);
  const dialog = j.page
    .getByRole('dialog')
    .filter({ has: j.page.getByRole('button', { name: t('notice.acknowledge') }) });
  for (let i = 0; i < count; i++) {
    await dialog.waitFor();
    if (notToday && i === count - 1) await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: t('notice.acknowledge') }).click();
    // The next notice comes up under the finger: a person reads it before tapping again.
    if (i + 1 < count) await moveOn(j.page);
  }
  await dialog.waitFor({ state: 'detached' });
};

/** Login on /login with the journey user (the screen is already showing). */
export const logIn = async (j: Journey) => {
  await j.page.getByLabel(j.t('login.account')).fill(j.user.username);
  await j.page.getByLabel(j.t('form.password'), { exact: true }).fill(j.user.password);
  await j.page.getByRole('button', { name: j.t('login.submit') }).click();
};

/** Counts the requests a page sends to one endpoint, from now on. */
export const countRequests = (j: Journey, method: string, pathname: string) => {
  let n = 0;
  j.page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === pathname) n += 1;
  });
  return () => n;
};
