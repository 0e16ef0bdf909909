import type { Db } from '../db/connect';
import { configureSpotPair, listSpotSettings, type SpotPairSettings } from '../spot/settings';
import { refused } from './refused';
import { blankProblem, commandProblem, usageError, type Synopsis } from './args';
import { cliActor } from './cliActor';

export const SPOT_USAGE = `
  npm run admin -- spot show                spot settings of every listed pair
  npm run admin -- spot enable PAIR on|off  open or close a pair for new spot orders
  npm run admin -- spot min PAIR AMOUNT     the least an order may be worth, in the quote coin

The server applies a change within a few seconds; resting orders stay in the book.`;

/** What each command takes, as SPOT_USAGE names it. */
export const SPOT_COMMANDS: Readonly<Record<string, Synopsis>> = {
  show: [],
  enable: ['PAIR', 'on|off'],
  min: ['PAIR', 'AMOUNT'],
};

const describe = (p: SpotPairSettings) => `${p.pair}\t${p.enabled ? 'on ' : 'off'}\tmin ${p.minAmount}`;

/** The spot commands of the operator CLI (audited as cli:<system user>). Answers the exit code, or
 * null when the command is not one of these. */
export const runSpotCommand = async (
  ctx: { db: Db; out: (line: string) => void },
  argv: string[],
): Promise<number | null> => {
  const [area, verb, pair, value, ...extra] = argv;
  if (area !== 'spot') return null;
  const { db, out } = ctx;
  const blank = blankProblem(SPOT_COMMANDS, argv);
  if (blank) return usageError(out, SPOT_USAGE, area, blank);
  const actor = cliActor();
  try {
    if (verb === 'show' && pair === undefined) {
      for (const p of await listSpotSettings(db)) out(describe(p));
      return 0;
    }
    if (verb === 'enable' && pair && (value === 'on' || value === 'off') && extra.length === 0) {
      out(describe(await configureSpotPair(db, actor, { pair, enabled: value === 'on' })));
      return 0;
    }
    if (verb === 'min' && pair && value && extra.length === 0) {
      out(describe(await configureSpotPair(db, actor, { pair, minAmount: value })));
      return 0;
    }
  } catch (e) {
    return refused(out, e, { typed: { pair, minAmount: value } });
  }
  return usageError(out, SPOT_USAGE, area, commandProblem(SPOT_COMMANDS, argv));
};
