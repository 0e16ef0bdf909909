import { ZodError } from 'zod';
import { globalConfigSchema, type GlobalConfig } from '../../protocol';
import { ConfigError, databaseVariable, loadConfig } from '../config';
import { openDb, type Db } from '../db/connect';
import { migrate } from '../db/migrate';
import { isUnreachable, reasonOf } from '../db/unreachable';
import { readGlobalConfig, setGlobalConfig } from '../db/repos/siteConfig';
import { cliActor } from './cliActor';
import { credentialsBox, seedAccountsIfEmpty } from '../db/seed/accounts';
import { seedIfEmpty } from '../db/seed/seed';
import { ACCOUNT_USAGE, runAccountCommand } from './accounts';
import { runWalletCommand, WALLET_USAGE } from './wallet';
import { seedWalletIfEmpty } from '../db/seed/wallet';
import { seedContractsIfEmpty } from '../db/seed/contracts';
import { CONTRACT_USAGE, runContractCommand } from './contracts';
import { DEFI_USAGE, runDefiCommand } from './defi';
import { CONTENT_USAGE, runContentCommand } from './content';
import { seedDefiIfEmpty } from '../db/seed/defi';
import { seedHelpIfEmpty } from '../db/seed/help';
import { runSpotCommand, SPOT_USAGE } from './spot';
import { terminalAsk, withoutYes, type Ask } from './ask';
import { blankProblem, commandProblem, usageError, usageOf, type Commands } from './args';
import { issueText } from './refused';

const CONFIG_USAGE = `
  npm run admin -- config show              print the global config
  npm run admin -- config set KEY VALUE     change one setting (VALUE is JSON for booleans: true/false)
                                            keys: ${Object.keys(globalConfigSchema.shape).join(', ')}
  npm run admin -- migrate                  apply pending migrations and first-start seeds`;

/** What each config command takes, as CONFIG_USAGE names it: a VALUE may be empty (no company
 * name, no link). */
const CONFIG_COMMANDS: Commands = { show: [], set: ['KEY', 'VALUE'] };

const USAGE = `Operator command line (works on the same database as the server: DATA_DIR or DATABASE_URL).
${CONFIG_USAGE}
${ACCOUNT_USAGE}
${WALLET_USAGE}
${SPOT_USAGE}
${CONTRACT_USAGE}
${DEFI_USAGE}
${CONTENT_USAGE}

At a terminal, a decision that moves money (deposits confirm and fail, withdrawals approve, reject
and fail) shows the record and asks before it is made; --yes anywhere on the line goes ahead
without asking. Scripts and pipes are not asked.`;

/** What asks for the usage: alone, all of it; after an area, that area's. */
const HELP = ['help', '--help', '-h'];

// Booleans are written as true/false; anything else is taken as typed, for the write rules to judge.
const parseValue = (raw: string): unknown => (raw === 'true' ? true : raw === 'false' ? false : raw);

const isConfigKey = (key: string): key is keyof GlobalConfig => key in globalConfigSchema.shape;

/** Runs one command. `ask` confirms a decision that moves money before it is made (the terminal's
 * by default, none for a script); `--yes` on the line goes ahead without it. */
export const runCli = async (
  line: string[],
  out: (line: string) => void = console.log,
  ask: Ask | undefined = terminalAsk(),
): Promise<number> => {
  const { argv, yes } = withoutYes(line);
  const [area, verb, ...rest] = argv;
  const config = loadConfig();
  let db: Db;
  try {
    db = openDb(config);
  } catch (err) {
    // A data folder that is a file, or a file there that is no database: said as the server says
    // it at start, naming the variable, not as a fault's stack.
    throw new ConfigError(`Cannot open the database: ${databaseVariable(config)}: ${reasonOf(err)}`);
  }
  try {
    await migrate(db);
    await seedIfEmpty(db.kysely);
    await seedWalletIfEmpty(db.kysely);
    await seedContractsIfEmpty(db.kysely);
    await seedDefiIfEmpty(db.kysely);
    await seedHelpIfEmpty(db.kysely);
    // First start from the command line: the credentials are printed here, once.
    const credentials = await seedAccountsIfEmpty(db.kysely, { traderPassword: config.demoPassword });
    if (credentials) out(credentialsBox(credentials));
    // Help asked for after an area (`deposits --help`): that area's commands, done, not a
    // sub-command it does not know.
    const areaUsage = area === undefined ? '' : usageOf(USAGE, area);
    if (areaUsage && verb !== undefined && HELP.includes(verb) && rest.length === 0) {
      out(areaUsage);
      return 0;
    }
    const configUsage = (message: string) => usageError(out, CONFIG_USAGE, area!, message);
    if (area === 'migrate') {
      if (verb !== undefined) return configUsage(`migrate takes no arguments: ${argv.slice(1).join(' ')}`);
      out('database is up to date');
      return 0;
    }
    const blank = area === 'config' ? blankProblem(CONFIG_COMMANDS, argv, ['VALUE']) : null;
    if (blank) return configUsage(blank);
    if (area === 'config' && verb === 'show') {
      if (rest.length > 0) return configUsage(`config show takes no arguments: ${rest.join(' ')}`);
      out(JSON.stringify(await readGlobalConfig(db.kysely), null, 2));
      return 0;
    }
    if (area === 'config' && verb === 'set') {
      if (rest.length !== 2)
        return configUsage(
          rest.length === 0
            ? 'config set needs a KEY and a VALUE'
            : rest.length === 1
              ? `config set ${rest[0]} needs a VALUE`
              : `config set takes one VALUE, not ${rest.length - 1}: quote a value with spaces`,
        );
      const [key, raw] = rest as [string, string];
      if (!isConfigKey(key)) return configUsage(`unknown config key: ${key}`);
      try {
        await setGlobalConfig(db, cliActor(), { [key]: parseValue(raw) });
      } catch (err) {
        if (!(err instanceof ZodError)) throw err;
        out(
          `invalid value for ${key}: ${JSON.stringify(raw)} ${err.issues[0] ? issueText(err.issues[0]) : ''}`,
        );
        return 2;
      }
      out(`${key} = ${JSON.stringify((await readGlobalConfig(db.kysely))[key])}`);
      return 0;
    }
    if (area === 'config') return configUsage(commandProblem(CONFIG_COMMANDS, argv));
    const handled =
      (await runAccountCommand({ db, config, out }, argv)) ??
      (await runSpotCommand({ db, out }, argv)) ??
      (await runContractCommand({ db, out }, argv)) ??
      (await runWalletCommand({ db, config, out, ...(ask && !yes ? { ask } : {}) }, argv)) ??
      (await runDefiCommand({ db, out }, argv)) ??
      (await runContentCommand({ db, out }, argv));
    if (handled !== null) return handled;
    // Asked for (nothing, help, --help): done; anything else was a command it could not read.
    if (area === undefined || HELP.includes(area)) {
      out(USAGE);
      return 0;
    }
    out(`${area.trim() === '' ? 'the command is empty' : `unknown command: ${area}`}\n\n${USAGE}`);
    return 2;
  } finally {
    await db.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      // A database out of reach is said in a line, as the server says it at start, not as a stack.
      console.error(
        err instanceof ConfigError
          ? err.message
          : isUnreachable(err)
            ? `Cannot reach the database: ${reasonOf(err)}`
            : err,
      );
      process.exit(1);
    },
  );
}
