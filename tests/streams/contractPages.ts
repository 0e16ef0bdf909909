import type { ContractOrder, ContractPage } from '../../protocol';
import type { ContractApi } from '../../streams/contracts';

/** A query of `GET /api/contract/list`, as the streams send it. */
export interface ListQuery {
  state: 'open' | 'settled';
  page: number;
  size: number;
  before?: number;
}

/** One page of `rows` (newest first) as the server answers it: by page number, or the rows of a
 * lower id than `before`. */
export const pageOfRows = (rows: readonly ContractOrder[], q: ListQuery): ContractPage => {
  const from = q.before === undefined ? rows : rows.filter((o) => o.id < q.before!);
  const start = (q.page - 1) * q.size;
  return { list: from.slice(start, start + q.size), page: q.page, size: q.size, total: rows.length };
};

/** The contract streams, real, over a socket held open, with `api` answering as the server. */
export const openContractStreams = async (api: ContractApi) => {
  const { createContractStreams } = await import('../../streams/contracts');
  const { createServerClock } = await import('../../streams/serverTime');
  const { fakeTransport } = await import('./fakeTransport');
  const t = fakeTransport();
  t.setState('open');
  return createContractStreams({ transport: t.transport, clock: createServerClock(t.transport), api });
};
