import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Envelope } from '../../protocol/envelope';
import { localFailure } from '../api/client';
import { translateKey } from '../i18n';
import { EmptyText } from './EmptyText';
import { Spinner } from './Spinner';

/** Why a read failed, as the key to show: the server's answer, or no answer at all. */
export const failureOf = (err: unknown): string =>
  (err as Envelope | undefined)?.msg || 'app.msg.network_error';

/** In place of what a screen could not read: that it failed, why, and a way to ask again. A
 * spinner would never end and "nothing yet" would be false. */
export const LoadFailed = ({ failure, onRetry }: { failure: string; onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <section className="empty-state load-failed" data-testid="load-failed">
      <p className="empty-state__text">{t('error.title')}</p>
      <p className="load-failed__reason">{translateKey(failure)}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </section>
  );
};

/** A read still under way (spinner), or the failure with its retry. */
export const Loading = ({ failure, onRetry }: { failure: string | undefined; onRetry: () => void }) =>
  failure === undefined ? <Spinner /> : <LoadFailed failure={failure} onRetry={onRetry} />;

export const NOT_FOUND = 'app.msg.record_not_found';

/** In place of one record (a notice, an article, a product) being read. A record that is not there
 * stays so, and is said plainly with nothing to retry, and with a way on to `list`, the records it
 * was among, where there is one (back from a link to a notice taken down, opened afresh, leads
 * home, not to the other notices); any other failure may pass and gets a retry. */
export const LoadingRecord = ({
  failure,
  onRetry,
  list,
}: {
  failure: string | undefined;
  onRetry: () => void;
  list?: { to: string; label: string };
}) => {
  const { t } = useTranslation();
  if (failure !== NOT_FOUND) return <Loading failure={failure} onRetry={onRetry} />;
  if (!list) return <EmptyText>{t(NOT_FOUND)}</EmptyText>;
  return (
    <section className="empty-state">
      <p className="empty-state__text">{t(NOT_FOUND)}</p>
      <Link className="btn btn--primary" to={list.to}>
        {list.label}
      </Link>
    </section>
  );
};

/** The read of the record `id` names (a query parameter, read by `idParam`): an id that cannot name
 * one is not there, and the server is not asked. */
export const recordOf = <T,>(id: number, load: (id: number) => Promise<T>): Promise<T> =>
  Number.isSafeInteger(id) && id > 0 ? load(id) : Promise.reject(localFailure(NOT_FOUND));
