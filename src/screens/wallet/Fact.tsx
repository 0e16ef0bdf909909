import type { CSSProperties } from 'react';

/** One of a wallet card's facts, its label then its figure, the figure shrunk to the card's width
 * when it is longer than that (`--chars`, wallet.css): every digit shown, on one line. */
export const Fact = ({ label, figure, testId }: { label: string; figure: string; testId?: string }) => (
  <div>
    <dt>{label}</dt>
    <dd data-testid={testId} style={{ '--chars': figure.length } as CSSProperties}>
      {figure}
    </dd>
  </div>
);
