import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser } from './helpers/browser';
import { closeJourney, startJourney, type Journey, type JourneyRun } from './helpers/journey';
import {
  inviteCodeFromFriend,
  logOutThenLogInToTrade,
  openAndSwitchLanguage,
  operatorApprovesVerification,
  registerWithInvite,
  submitDocuments,
} from './helpers/journeyOnboarding';
import {
  assetsAndWalletRecords,
  financialRecords,
  hidePopupForTodayAndLogOut,
  readNotice,
  tradingRecords,
} from './helpers/journeyRecords';
import {
  contractSettles,
  depositUsdt,
  placeLimitBuy,
  placeMarketBuy,
  survivesServerRestart,
  type Trail,
} from './helpers/journeyTrading';
import {
  addAddressAndWithdrawPassword,
  pledgeInStaking,
  sessionRevokedServerSide,
  withdrawWithReview,
  type WalletTrail,
} from './helpers/journeyWallet';
import { buildWeb } from '../../bench/buildWeb';

/**
 * Issue 9: a new user's whole journey in a real phone-sized browser against the real server, once
 * per language: on a site whose operator set Chinese as its language a visitor switches to English;
 * on an English one, to German. Each run has its own fresh server and data directory, and every
 * balance is checked to the last digit after every step that moves one.
 */
const RUNS: JourneyRun[] = [
  { name: 'English', siteLang: 'zh-cn', browserLocale: 'zh-CN', from: 'cn', to: 'us' },
  { name: 'German', siteLang: 'en-us', browserLocale: 'en-US', from: 'us', to: 'de' },
];

/** Each step is bounded; most take a few seconds, the slow machine gets room. */
const STEP_MS = 150_000;

let webRoot: string;
let browser: Browser;

beforeAll(async () => {
  webRoot = buildWeb();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
});

describe.each(RUNS)('a new user\u2019s whole journey in $name', (run) => {
  let j: Journey;
  const trail: Trail & WalletTrail = {};

  beforeAll(async () => {
    j = await startJourney(browser, webRoot, run);
  });

  afterAll(() => closeJourney(j));

  it('opens the app on a phone and switches language', () => openAndSwitchLanguage(j), STEP_MS);

  it(
    'signs up with a friend\u2019s invitation code',
    async () => registerWithInvite(j, await inviteCodeFromFriend(j, browser)),
    STEP_MS,
  );

  it('logs in and is sent from /trade to verification', () => logOutThenLogInToTrade(j), STEP_MS);

  it(
    'submits documents, which the operator approves',
    async () => {
      await submitDocuments(j);
      await operatorApprovesVerification(j);
    },
    STEP_MS,
  );

  it('deposits USDT, which the operator confirms', () => depositUsdt(j, trail), STEP_MS);

  it('double-taps a limit buy: one request, one resting order', () => placeLimitBuy(j, trail), STEP_MS);

  it('buys at market, paying the deal amount and the fee', () => placeMarketBuy(j, trail), STEP_MS);

  it('keeps /trade live through a server restart, without a reload', () => survivesServerRestart(j), STEP_MS);

  it(
    'opens a 1-minute up contract and sees it settle with its receipt',
    () => contractSettles(j, trail),
    STEP_MS,
  );

  it('pledges in a staking product', () => pledgeInStaking(j, trail), STEP_MS);

  it('is logged out to /home when the server ends the session', () => sessionRevokedServerSide(j), STEP_MS);

  it(
    'adds a withdrawal address and a withdrawal password, then withdraws with review',
    async () => {
      await addAddressAndWithdrawPassword(j);
      await withdrawWithReview(j, trail);
    },
    STEP_MS,
  );

  it(
    'finds every figure on /assets and in every record screen',
    async () => {
      await assetsAndWalletRecords(j, trail);
      await financialRecords(j);
      await tradingRecords(j, trail);
    },
    STEP_MS,
  );

  it(
    'reads a notice, hides the pop-up for today and logs out',
    async () => {
      await readNotice(j);
      await hidePopupForTodayAndLogOut(j);
    },
    STEP_MS,
  );
});
