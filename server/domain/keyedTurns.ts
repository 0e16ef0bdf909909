/**
 * Runs under one key take turns: each starts once the one before it under the same key has
 * settled, while runs under other keys go on beside them. A key is forgotten once its last run
 * has settled, so the map holds only keys with work under way.
 */
export const keyedTurns = () => {
  const turns = new Map<string, Promise<unknown>>();
  return <T>(key: string, run: () => Promise<T>): Promise<T> => {
    const turn = (turns.get(key) ?? Promise.resolve()).then(run);
    const done = turn.catch(() => undefined);
    turns.set(key, done);
    void done.then(() => {
      if (turns.get(key) === done) turns.delete(key);
    });
    return turn;
  };
};
