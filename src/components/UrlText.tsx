import { Fragment } from 'react';

/** A web address as text that, too long for its line, breaks after a `/` or before a `?`, `&` or
 * `=` where it can (`<wbr>`), rather than inside a word ("registe" / "r?code="); a part longer
 * than a line still breaks anywhere, as its box's `overflow-wrap` lets it. Copied, it is the
 * address as it was: `<wbr>` adds no character. */
export const UrlText = ({ url }: { url: string }) => (
  <>
    {url.split(/(?<=\/)(?!\/)|(?=[?&=])/).map((part, i) => (
      <Fragment key={i}>
        {i > 0 && <wbr />}
        {part}
      </Fragment>
    ))}
  </>
);
