import type { Balance } from '../../../protocol/assets';

/** Exact amounts in the ledger's units (10^-8): every expected balance is computed in integers,
 * never in floats, so a check can hold to the last digit. */
const SCALE = 8;
const ONE = 10n ** BigInt(SCALE);

export const units = (value: string): bigint => {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) throw new Error(`not a decimal: ${value}`);
  const fraction = m[3] ?? '';
  if (fraction.length > SCALE) throw new Error(`finer than the ledger: ${value}`);
  const n = BigInt(m[2]!) * ONE + BigInt(fraction.padEnd(SCALE, '0'));
  return m[1] ? -n : n;
};

/** The ledger's own form of an amount: eight decimals, as the API answers. */
export const fixed = (n: bigint): string => {
  const abs = n < 0n ? -n : n;
  const text = `${abs / ONE}.${(abs % ONE).toString().padStart(SCALE, '0')}`;
  return n < 0n ? `-${text}` : text;
};

/** a × b of two decimals, exact: refused when the product is finer than the ledger. */
export const times = (a: string, b: string): bigint => {
  const product = units(a) * units(b);
  if (product % ONE !== 0n) throw new Error(`${a} × ${b} is finer than the ledger`);
  return product / ONE;
};

/** a × rate, rounded up to the ledger's unit, as fees are charged. */
export const timesUp = (a: string, rate: string): bigint => (units(a) * units(rate) + ONE - 1n) / ONE;

/** A decimal rounded down to `digits` places. */
export const floorTo = (n: bigint, digits: number): bigint => {
  const step = 10n ** BigInt(SCALE - digits);
  return (n / step) * step;
};

/** A decimal as a plain string without trailing zeros, as a person types it. */
export const plain = (n: bigint): string => fixed(n).replace(/\.?0+$/, '');

/** The number a screen shows, read back in the reader's locale ("1.250,12345678" in German) as a
 * plain decimal, so what is shown can be compared with what is expected digit for digit. */
export const shownUnits = (text: string, tag: string): bigint => {
  const parts = new Intl.NumberFormat(tag).formatToParts(12345.6);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const number = /[-−+]?[\d\s\u00a0\u202f.,'’]*\d/.exec(text.trim())?.[0];
  if (!number) throw new Error(`no number in "${text}"`);
  const canonical = number
    .replace(/^\+/, '')
    .replace('−', '-')
    .split(group)
    .join('')
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(decimal, '.');
  return units(canonical);
};

/** The balances a user should hold, kept in step with every move the journey makes. */
export class Ledger {
  private readonly rows = new Map<string, { available: bigint; frozen: bigint }>();

  private row(asset: string) {
    let r = this.rows.get(asset);
    if (!r) this.rows.set(asset, (r = { available: 0n, frozen: 0n }));
    return r;
  }

  credit(asset: string, amount: bigint) {
    this.row(asset).available += amount;
  }

  debit(asset: string, amount: bigint) {
    this.credit(asset, -amount);
  }

  freeze(asset: string, amount: bigint) {
    const r = this.row(asset);
    r.available -= amount;
    r.frozen += amount;
  }

  /** Frozen funds leave the account (a withdrawal paid out). */
  spendFrozen(asset: string, amount: bigint) {
    this.row(asset).frozen -= amount;
  }

  of(asset: string) {
    const r = this.row(asset);
    return { available: r.available, frozen: r.frozen, total: r.available + r.frozen };
  }

  assets(): string[] {
    return [...this.rows.keys()].sort();
  }

  /** As GET /api/assets/balances answers: one row per asset the user has touched. */
  expected(): Balance[] {
    return this.assets().map((asset) => {
      const r = this.row(asset);
      return { asset, available: fixed(r.available), frozen: fixed(r.frozen) };
    });
  }
}
