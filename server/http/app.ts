import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { outageLog } from '../db/outageLog';
import { databaseProbe } from '../db/probe';
import { refuseWhileClosing } from './closing';
import { RefusalLog, capConnections } from './connectionCap';
import { installTransportSecurity } from './transportSecurity';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './errorHandler';
import { RequestLogs } from './requestLogs';
import { openApiDocument } from './openapi';
import { registerRoutes, type ApiRoute } from './route';
import { healthRoutes } from './routes/health';
import { siteRoutes } from './routes/site';
import { marketRoutes } from './routes/market';
import type { Market } from '../market/market';
import { installGateway } from '../ws/gateway';
import type { TokenVerifier } from '../ws/tokens';
import { readAuthEpoch } from '../db/repos/sessionCache';
import { installSpa } from './spa';
import { installRateLimits } from './rateLimits';
import { bootData } from './bootData';
import { pageConfigOf } from './pageTitle';
import { buildAccountService, type AccountConfig } from '../accounts';
import type { AccountService } from '../domain/accounts';
import { AppError } from '../domain/appError';
import type { Logger } from '../domain/accounts/ports';
import { authenticator } from './auth';
import { adminRoutes } from './routes/admin';
import { uploadApiPaths, uploadRoutes } from './routes/upload';
import { userRoutes } from './routes/user';
import { assetsRoutes } from './routes/assets';
import { createLedger, type Ledger } from '../domain/ledger/ledger';
import { isUserAccount } from '../domain/ledger/types';
import type { ContractService } from '../domain/contracts/service';
import { contractAdminRoutes, contractRoutes } from './routes/contract';
import { buildWallet } from '../wallet';
import type { Wallet } from '../domain/wallet/service';
import { walletRoutes } from './routes/wallet';
import { adminWalletRoutes } from './routes/adminWallet';
import { CONTRACT_SETTINGS_CHANNEL, SERVICE_CHANNEL, type SpotOrderView } from '../../protocol';
import { watchContractSettings } from '../jobs/contractSettingsWatch';
import { tailJournal } from '../jobs/journalTail';
import { tailServiceMessages } from '../jobs/serviceTail';
import type { SpotService } from '../spot/service';
import type { Json } from '../wire/jsonText';
import { spotRoutes } from './routes/spot';
import { createStaking, type Staking } from '../staking/service';
import { stakingClock } from '../staking/testClock';
import { defiRoutes } from './routes/defi';
import { helpRoutes } from './routes/help';
import { contentAdminRoutes } from './routes/contentAdmin';

export const BODY_LIMIT = 1024 * 1024;
/** What the app waits for an answer before it gives up (spec §9): a request still arriving after it is cut off. */
const REQUEST_TIMEOUT_MS = 30_000;

export interface AppDeps {
  config: Pick<
    Config,
    'logLevel' | 'rateLimitPerMinute' | 'rateLimitPerAddressPerMinute' | 'webRoot' | 'trustProxy'
  > &
    Partial<Pick<Config, 'wsConnectionsPerAddress' | 'connectionsPerAddress'>> &
    AccountConfig;
  db: Db;
  /** A pino logger to use instead of building one (tests pass a silent one). */
  logger?: boolean | object;
  /** Live market data: its REST routes and the WebSocket gateway are served when present. */
  market?: Market;
  /** Session tokens for the gateway's private channels. */
  tokens?: TokenVerifier;
  /** The account rules, or a factory given the app's logger; built from `config` when absent. */
  accounts?: AccountService | ((log: Logger) => AccountService);
  /** Balances and their journal; built on `db` when absent. */
  ledger?: Ledger;
  /** Timed contracts: their routes, and their private channel when the gateway runs. */
  contracts?: ContractService;
  /** Deposits, withdrawals and the address book, or a factory given the account rules and the
   * ledger; built without demo mode when absent. */
  wallet?: Wallet | ((accounts: AccountService, ledger: Ledger) => Wallet);
  /** How often balance changes made by other processes (the operator CLI) are looked for and
   * pushed; not at all when absent. */
  journalTailMs?: number;
  /** How often the contract terms are compared with the last read, a change being pushed to open
   * screens (`contractSettings` channel); not at all when absent. */
  contractSettingsMs?: number;
  /** How often customer-service messages written since the last look (here or by the operator
   * CLI) are read and pushed to their thread's owner (`service` channel); not at all when absent. */
  serviceTailMs?: number;
  /** Spot trading: its routes, and the private `orders` channel when the gateway runs. */
  spot?: SpotService<Json<SpotOrderView>>;
  /** Staking; built on the real clock when absent. Its private channel is `pledges`. */
  staking?: Staking;
}

/** Session tokens of the account rules, for the WebSocket gateway. */
const accountTokens = (accounts: AccountService, db: Db): TokenVerifier => ({
  epoch: () => readAuthEpoch(db.kysely),
  verify: async (token) => {
    try {
      return { userId: (await accounts.authenticateUser(token)).user.id };
    } catch (e) {
      if (e instanceof AppError) return null;
      throw e;
    }
  },
});

export const buildApp = async ({
  config,
  db,
  logger,
  market,
  tokens,
  accounts: givenAccounts,
  ledger = createLedger(db),
  contracts,
  wallet: givenWallet,
  journalTailMs,
  contractSettingsMs,
  serviceTailMs,
  spot,
  staking = createStaking({ db, ledger, clock: stakingClock(db.kysely, false) }),
}: AppDeps): Promise<FastifyInstance> => {
  const trust = config.trustProxy;
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // Secrets never reach the log, whatever a later change decides to log.
      redact: [
        'req.headers.token',
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body.password',
        'req.body.oldPassword',
        'req.body.confirmPassword',
        'req.body.code',
        'req.body.captcha',
      ],
    },
    logController: new RequestLogs(),
    bodyLimit: BODY_LIMIT,
    // A count of proxies as proxy-addr takes it: the socket's peer is hop 0.
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    frameworkErrors,
    clientErrorHandler,
    // A request whose body never finishes would hold its connection for good: the app's own calls
    // give up after 30 s (spec §9), and so does the server.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Refused in the envelope instead (refuseWhileClosing).
    return503OnClosing: false,
    // Nested GET parameters arrive as name[key]=value (spec §7).
    routerOptions: { querystringParser: (s: string) => qs.parse(s, { depth: 5, arrayLimit: 100 }) },
  });

  if (config.connectionsPerAddress) {
    const refusals = new RefusalLog((refused) =>
      app.log.warn(
        { refused, cap: config.connectionsPerAddress },
        'connections refused past CONNECTIONS_PER_ADDRESS',
      ),
    );
    capConnections(app.server, config.connectionsPerAddress, trust, refusals);
    app.addHook('onClose', async () => refusals.stop());
  }
  // One outage log for the app: while the database is down, requests, pages, sockets and the
  // app's own background rounds all fail alike and are said once every few seconds together.
  const outage = outageLog(app.log);
  installErrorHandler(app, outage);
  refuseWhileClosing(app);
  installTransportSecurity(app);
  // Answers over 1 KB (candles, depth, record lists, the page shell) travel compressed: a phone on
  // a slow network would otherwise wait on them. Brotli at quality 2: the tickers, 300 and 1 000
  // candles came out 0.2–5 % larger than at 4 for 30–70 % less CPU (2026-12-02: 26 against 98 µs,
  // 466 against 686, 1 085 against 1 716), and smaller than gzip's default at less CPU too. A
  // window of 256 KB rather than 4 MB: the largest answers (1 000 candles, 94 KB) fit in it, and each
  // answer's encoder no longer allocates megabytes (candles of 300 from 7-10 down to 2.5-2.9 ms of
  // server CPU at 32 requests at once). Answers up to 128 KB are compressed in one call rather than
  // through a stream on the thread pool (the plugin's default above 8 KB on two cores): candles of
  // 300 took 0.9-1.3 against 2.0-2.3 ms of server CPU, for 0.4 ms of the main thread. Built files
  // are compressed once at build time instead, at the highest quality (spa.ts).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    syncThreshold: 128 * 1024,
    brotliOptions: {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 },
    },
  });
  const limit = await installRateLimits(app, {
    perCaller: config.rateLimitPerMinute,
    perAddress: config.rateLimitPerAddressPerMinute,
  });

  const accounts =
    typeof givenAccounts === 'function'
      ? givenAccounts(app.log)
      : (givenAccounts ?? buildAccountService({ db, config, log: app.log }));
  const wallet =
    typeof givenWallet === 'function'
      ? givenWallet(accounts, ledger)
      : (givenWallet ?? buildWallet({ db, ledger, accounts }));
  app.addHook('onClose', async () => wallet.stop());
  // The pages' boot data; the operator's carousel routes make it forget the carousel it keeps.
  const boot = market ? bootData(db, market, (err) => outage(err, 'page boot data')) : undefined;
  const routes: ApiRoute[] = [
    ...healthRoutes(databaseProbe(db), outage),
    ...siteRoutes(db),
    ...(market ? marketRoutes(market) : []),
    ...userRoutes(accounts),
    ...adminRoutes(accounts),
    ...assetsRoutes(ledger),
    ...walletRoutes(wallet, ledger, market),
    ...adminWalletRoutes(wallet),
    ...(contracts ? [...contractRoutes(contracts), ...contractAdminRoutes(contracts)] : []),
    ...(spot ? spotRoutes(spot) : []),
    ...defiRoutes(staking),
    ...helpRoutes(db),
    ...contentAdminRoutes(db, staking, () => boot?.forgetCarousel()),
  ];
  registerRoutes(app, routes, { authenticate: authenticator(accounts), limit });
  await app.register(uploadRoutes(accounts, limit));
  const doc = openApiDocument(routes, uploadApiPaths());
  app.get('/api/openapi.json', async () => doc);

  if (market) {
    const gateway = await installGateway(app, {
      market,
      tokens: tokens ?? accountTokens(accounts, db),
      connectionsPerAddress: config.wsConnectionsPerAddress,
      outage,
    });
    const pushBalances = (userId: number) => {
      if (isUserAccount(userId) && gateway.listening(userId, 'balances'))
        void ledger.balances(userId).then(
          (b) => gateway.publishPrivate(userId, 'balances', b),
          // Unheard, a failed read (the database gone after the commit it tells of) would end the
          // process as an unhandled rejection. The balances go out with the next change.
          (err: unknown) => outage(err, 'ws balances'),
        );
    };
    // Each committed balance change reaches its owner's open sockets.
    const stop = ledger.onChange((entries) => new Set(entries.map((e) => e.userId)).forEach(pushBalances));
    app.addHook('onClose', async () => stop());
    if (journalTailMs) {
      const stopTail = tailJournal(db, {
        intervalMs: journalTailMs,
        onUsers: (ids) => ids.forEach(pushBalances),
        refs: {
          types: staking.recordTypes,
          onEntries: (entries) =>
            void staking.entriesWritten(entries).catch((err: unknown) => outage(err, 'journal tail')),
        },
        onError: (err) => outage(err, 'journal tail'),
      });
      app.addHook('onClose', async () => stopTail());
    }
    const stopContracts = contracts?.onChange((userId, order) =>
      gateway.publishPrivate(userId, 'contracts', order),
    );
    if (stopContracts) app.addHook('onClose', async () => stopContracts());
    if (contracts && contractSettingsMs) {
      const stopWatch = watchContractSettings({
        read: async () => (await contracts.info()).pairs,
        intervalMs: contractSettingsMs,
        onChange: (pairs) => gateway.publish(CONTRACT_SETTINGS_CHANNEL, pairs),
        onError: (err) => outage(err, 'contract settings watch'),
      });
      app.addHook('onClose', async () => stopWatch());
    }
    const stopOrders = spot?.onOrders((userId, order) => gateway.publishPrivate(userId, 'orders', order));
    if (stopOrders) app.addHook('onClose', async () => stopOrders());
    const stopPledges = staking.onPledge((userId, pledge) =>
      gateway.publishPrivate(userId, 'pledges', pledge),
    );
    app.addHook('onClose', async () => void stopPledges());
    if (serviceTailMs) {
      const stopService = tailServiceMessages(db, {
        intervalMs: serviceTailMs,
        onMessage: (userId, message) => gateway.publishPrivate(userId, SERVICE_CHANNEL, message),
        onError: (err) => outage(err, 'service tail'),
      });
      app.addHook('onClose', async () => stopService());
    }
  }
  await installSpa(app, config.webRoot, limit, boot, pageConfigOf(db));
  return app;
};
