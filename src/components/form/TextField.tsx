import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CharCount } from './CharCount';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** An `app.msg.*` key, shown translated under the field. */
  error?: string | undefined;
  /** What the error's message says in its own words ("at most {{places}}"). */
  errorValues?: Record<string, unknown>;
  /** Shown after the translated error: the limit of a limit message ("Minimum amount: " + 10). */
  errorSuffix?: string | undefined;
  /** Something beside the input: a captcha image, a send-code button. */
  addon?: ReactNode;
  /** The rule of the field, shown under it until there is an error to show instead. */
  hint?: string;
  /** The most characters the field's rule allows, counted under it as they are typed. */
  maxChars?: number;
  /** The id of a message about this field said elsewhere in its form (the order form's one line
   * of problems): the field is marked wrong and described by it. */
  problemId?: string | undefined;
}

/** A labelled input with its error; password inputs get a show/hide toggle. */
export const TextField = ({
  label,
  value,
  onChange,
  error,
  errorValues,
  errorSuffix,
  addon,
  hint,
  maxChars,
  problemId,
  type = 'text',
  ...input
}: Props) => {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const note = error ? (
    <p id={`${id}-error`} className="field__error" role="alert">
      {t(error, errorValues)}
      {errorSuffix}
    </p>
  ) : (
    hint && (
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
    )
  );
  return (
    <div className={`field${error || problemId ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          type={isPassword && shown ? 'text' : type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={Boolean(error || problemId)}
          aria-describedby={error ? `${id}-error` : (problemId ?? (hint ? `${id}-hint` : undefined))}
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            className="field__toggle"
            onClick={() => setShown((s) => !s)}
            aria-label={t(shown ? 'form.hidePassword' : 'form.showPassword')}
            aria-pressed={shown}
          >
            {t(shown ? 'form.hide' : 'form.show')}
          </button>
        )}
        {addon}
      </div>
      {maxChars === undefined ? (
        note
      ) : (
        <div className="field__foot">
          {note}
          <CharCount value={value} max={maxChars} />
        </div>
      )}
    </div>
  );
};
