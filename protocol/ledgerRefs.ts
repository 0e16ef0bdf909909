/** What can cause a journal entry, as its `ref` names it: `order:12`, `contract:7`. */
export const LEDGER_SOURCES = ['order', 'contract', 'deposit', 'withdrawal', 'pledge'] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

/** The `ref` of a journal entry caused by `source` number `id`: one spelling for the server that
 * writes it and the wallet that leads from an entry to what caused it. */
export const ledgerRef = (source: LedgerSource, id: number) => `${source}:${id}`;

/** What a `ref` names, or undefined for one that names nothing the reader can open (a funding). */
export const sourceOfRef = (ref: string): { source: LedgerSource; id: number } | undefined => {
  const [source, id, ...rest] = ref.split(':');
  const kind = LEDGER_SOURCES.find((s) => s === source);
  const n = Number(id);
  return kind && rest.length === 0 && /^\d+$/.test(id ?? '') && Number.isSafeInteger(n)
    ? { source: kind, id: n }
    : undefined;
};
