import type { ReactNode } from 'react';
import type { Pages } from '../hooks/usePages';
import { LoadFailed, Loading } from './LoadFailed';
import { EmptyText } from './EmptyText';

/** A paged list (usePages) in its states: a spinner, then the failure with its retry, the empty
 * text or the items; under them the next page's button, or why the last fetch failed. */
export const PagedList = <T,>({
  pages,
  emptyText,
  moreText,
  children,
}: {
  pages: Pages<T>;
  emptyText: string;
  moreText: string;
  children: (list: T[]) => ReactNode;
}) => (
  <>
    {pages.list === undefined ? (
      <Loading failure={pages.failure} onRetry={pages.refresh} />
    ) : pages.list.length === 0 ? (
      <EmptyText>{emptyText}</EmptyText>
    ) : (
      children(pages.list)
    )}
    {pages.list !== undefined &&
      (pages.failure ? (
        <LoadFailed failure={pages.failure} onRetry={pages.refresh} />
      ) : (
        pages.hasMore && (
          <button type="button" className="btn btn--block" onClick={pages.more} disabled={pages.loading}>
            {moreText}
          </button>
        )
      ))}
  </>
);
