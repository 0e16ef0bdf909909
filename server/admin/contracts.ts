import { contractConfigUpdateSchema, type ContractPairConfig } from '../../protocol';
import { buildContracts } from '../contracts';
import type { Db } from '../db/connect';
import { createLedger } from '../domain/ledger/ledger';
import { issuesText, refused } from './refused';
import { blankProblem, commandProblem, usageError, type Synopsis } from './args';
import { cliActor } from './cliActor';

export const CONTRACT_USAGE = `
  npm run admin -- contracts show           contract settings of every listed pair
  npm run admin -- contracts enable PAIR on|off
                                            open or close a pair for new contracts
  npm run admin -- contracts cycles PAIR MINUTES:RATE:MIN:MAX...
                                            replace a pair's cycles, e.g.
                                            contracts cycles btcusdt 1:80:10:50000 5:88:10:50000
                                            (RATE: payout of a win in percent of the amount)

Contracts already open keep the rate they were placed with. No command sets a price or an outcome.`;

/** What each command takes, as CONTRACT_USAGE names it. */
export const CONTRACT_COMMANDS: Readonly<Record<string, Synopsis>> = {
  show: [],
  enable: ['PAIR', 'on|off'],
  cycles: ['PAIR', 'MINUTES:RATE:MIN:MAX...'],
};

const describe = (p: ContractPairConfig) =>
  `${p.pair}\t${p.enabled ? 'on ' : 'off'}\t${
    p.cycles.map((c) => `${c.minutes}m ${c.rate}% ${c.min}-${c.max} ${p.asset}`).join(', ') || 'no cycles'
  }`;

const parseCycle = (arg: string) => {
  const parts = arg.split(':');
  if (parts.length !== 4) return null;
  const [minutes, rate, min, max] = parts;
  return { minutes, rate, min, max };
};

/** The contract commands of the operator CLI, over the same rules as the operator API (audited as
 * cli:<system user>). Answers the exit code, or null when the command is not one of these. */
export const runContractCommand = async (
  ctx: { db: Db; out: (line: string) => void },
  argv: string[],
): Promise<number | null> => {
  const [area, verb, pair, ...rest] = argv;
  if (area !== 'contracts') return null;
  const { out } = ctx;
  const { service } = buildContracts({ db: ctx.db, ledger: createLedger(ctx.db) });
  const actor = cliActor();
  const usage = (message: string) => usageError(out, CONTRACT_USAGE, area, message);
  const blank = blankProblem(CONTRACT_COMMANDS, argv);
  if (blank) return usage(blank);
  const apply = async (input: unknown) => {
    const parsed = contractConfigUpdateSchema.safeParse(input);
    if (!parsed.success)
      return usage(`invalid settings: ${argv.slice(1).join(' ')} (${issuesText(parsed.error)})`);
    out(describe(await service.configure(actor, parsed.data)));
    return 0;
  };
  try {
    if (verb === 'show' && pair === undefined) {
      for (const p of await service.settingsList()) out(describe(p));
      return 0;
    }
    if (verb === 'enable' && pair && rest.length === 1 && (rest[0] === 'on' || rest[0] === 'off')) {
      return await apply({ pair, enabled: rest[0] === 'on' });
    }
    if (verb === 'cycles' && pair && rest.length > 0) {
      const cycles = rest.map(parseCycle);
      const bad = rest.find((_, i) => cycles[i] === null);
      if (bad !== undefined) return usage(`a cycle is MINUTES:RATE:MIN:MAX, not ${bad}`);
      return await apply({ pair, cycles });
    }
  } catch (e) {
    return refused(out, e, { typed: { pair } });
  }
  return usage(commandProblem(CONTRACT_COMMANDS, argv));
};
