/** A pair's name as the lists write it, the base in bold ("BTC/USDT"). It never breaks: Korean's
 * keep-all with break-word cut "ETH/USD" from its "T" wherever a row ran a pixel short. */
export const PairName = ({ base, quote, className }: { base: string; quote: string; className?: string }) => (
  <span className={className ? `pair-name ${className}` : 'pair-name'}>
    <strong>{base}</strong>
    <span className="muted">/{quote}</span>
  </span>
);
