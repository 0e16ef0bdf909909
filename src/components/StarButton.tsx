import { useTranslation } from 'react-i18next';

/** Adds a pair to the reader's favourites or takes it out. */
export const StarButton = ({ on, onToggle, name }: { on: boolean; onToggle: () => void; name: string }) => {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`star${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={t(on ? 'market.unfavourite' : 'market.favourite', { pair: name })}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        onToggle();
      }}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8L3.5 9.7l5.9-.9z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
};
