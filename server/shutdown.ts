/** One step of stopping the server, named for the log. */
export type ShutdownStep = readonly [name: string, run: () => unknown];

/**
 * Runs every step in order, each whatever became of the ones before, and resolves whether all of
 * them succeeded. Run in one `try`, a market that could not write its last ticks (the database
 * down at SIGTERM) skipped stopping the spot thread and closing the database; each is still worth
 * attempting, and each failure is worth its own line.
 */
export const runShutdown = async (
  steps: readonly ShutdownStep[],
  onFailure: (name: string, err: unknown) => void,
): Promise<boolean> => {
  let allDone = true;
  for (const [name, run] of steps) {
    try {
      await run();
    } catch (err) {
      allDone = false;
      onFailure(name, err);
    }
  }
  return allDone;
};
