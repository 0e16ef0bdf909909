/** A round badge with the coin's initials, coloured from its symbol so each coin keeps one colour. */
export const CoinBadge = ({ coin }: { coin: string }) => {
  let hash = 0;
  for (const ch of coin) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return (
    <span className="coin-badge" style={{ background: `hsl(${hash} 65% 45%)` }} aria-hidden="true">
      {coin.slice(0, 1)}
    </span>
  );
};
