import { randomFillSync } from 'node:crypto';

/** A source of uniform draws in [0, 1). */
export type Rng = () => number;

/** A small seeded generator (mulberry32): the chart backfill, and a walk a test replays, give the
 * same prices for the same seed on every machine. Its 32 bits of state are no secret: a few
 * observed prints and the public source give it away, so live prices never come from it. */
export const createRng = (seed: number): Rng => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** Draws from the operating system's generator, in blocks: the live simulated prices, which no one
 * may predict (a predictable path would let a reader of the source win every timed contract). */
export const secureRng = (): Rng => {
  const block = new Uint32Array(1024);
  let next = block.length;
  return () => {
    if (next === block.length) {
      randomFillSync(block);
      next = 0;
    }
    return block[next++]! / 4294967296;
  };
};

/** A seed for one named stream (a pair) derived from the base seed, so pairs walk independently. */
export const deriveSeed = (seed: number, name: string): number => {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
};

/** A standard normal draw (Box–Muller). */
export const gaussian = (rng: Rng): number => {
  const u = Math.max(rng(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
};
