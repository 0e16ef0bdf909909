import { useId } from 'react';

/** The first half of `options` (the larger, of an odd number) and the rest. */
const halves = <T,>(options: readonly T[]): T[][] => {
  const cut = Math.ceil(options.length / 2);
  return [options.slice(0, cut), options.slice(cut)].filter((half) => half.length > 0);
};

/** A segmented control: radio buttons drawn as one row of equal segments, or, where the labels are
 * wider than a row together, as two rows of half the segments each. */
export const Segmented = <K extends string>({
  label,
  options,
  value,
  onChange,
  error,
}: {
  label: string;
  options: ReadonlyArray<{ value: K; label: string }>;
  value: K;
  onChange: (value: K) => void;
  /** A translated message shown under the control. */
  error?: string | undefined;
}) => {
  const id = useId();
  return (
    <fieldset className="field seg-control-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{label}</legend>
      <div className="seg-control">
        {halves(options).map((half) => (
          // Grown by its count of segments: in one row each segment has the same share.
          <div key={half[0]!.value} className="seg-control__half" style={{ flexGrow: half.length }}>
            {half.map((o) => (
              <label key={o.value} className={`seg-control__option${o.value === value ? ' is-active' : ''}`}>
                <input
                  className="visually-hidden"
                  type="radio"
                  name={id}
                  value={o.value}
                  checked={o.value === value}
                  onChange={() => onChange(o.value)}
                />
                <span>{o.label}</span>
              </label>
            ))}
          </div>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
};
