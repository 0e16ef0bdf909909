import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled drop-down of coins. */
export const CoinSelect = ({
  coins,
  value,
  onChange,
}: {
  coins: readonly string[];
  value: string;
  onChange: (coin: string) => void;
}) => {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('wallet.coin')}
      </label>
      <div className="field__control">
        <select id={id} className="field__input" value={value} onChange={(e) => onChange(e.target.value)}>
          {coins.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
};
