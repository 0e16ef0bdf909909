import { createInterface } from 'node:readline/promises';

/** Asks the operator a yes/no question; yes only for "y" or "yes". */
export type Ask = (question: string) => Promise<boolean>;

/** The terminal's: only where someone sits at one (stdin and stdout a TTY). A script or a pipe is
 * never asked, and goes ahead as it always has. */
export const terminalAsk = (): Ask | undefined =>
  process.stdin.isTTY && process.stdout.isTTY
    ? async (question) => {
        const rl = createInterface({ input: process.stdin, output: process.stdout });
        try {
          return /^y(es)?$/i.test((await rl.question(question)).trim());
        } finally {
          rl.close();
        }
      }
    : undefined;

/** `--yes` anywhere on the line: go ahead without asking (a terminal running a known list). */
export const withoutYes = (argv: string[]) => {
  const rest = argv.filter((a) => a !== '--yes');
  return { argv: rest, yes: rest.length !== argv.length };
};
