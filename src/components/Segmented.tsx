import { useId } from 'react';

/** A segmented control: radio buttons drawn as one row of equal segments. */
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
        {options.map((o) => (
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
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
};
