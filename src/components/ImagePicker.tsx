import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { CheckIcon } from './icons';

/** A preview address for a picked file: an object URL made when the file changes and revoked when
 * it changes again or the picker goes away, so previews never leak memory. */
const useObjectUrl = (file: File | null): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
};

interface Props {
  /** The caption under the tile; also the file input's accessible name. */
  label: string;
  /** The text inside the empty tile ("tap to upload"). */
  prompt: string;
  /** The file shown in the preview, or null for an empty tile. */
  file: File | null;
  onPick: (file: File) => void;
  /** Upload progress from 0 to 1 while an upload is out; null when none is. */
  progress: number | null;
  /** Accessible name of the progress bar. */
  progressLabel: string;
  /** True once the picked file is stored on the server. */
  done?: boolean;
  doneLabel?: string;
  /** A translated message shown under the tile. */
  error?: string | undefined;
}

/**
 * An image tile backed by `<input type="file" accept="image/*">`: on a phone it offers the camera or
 * the photo library (no `capture`, so neither is forced). Shows the picked image, an upload progress
 * bar and a done mark; tapping again picks another image.
 */
export const ImagePicker = ({
  label,
  prompt,
  file,
  onPick,
  progress,
  progressLabel,
  done = false,
  doneLabel,
  error,
}: Props) => {
  const id = useId();
  const preview = useObjectUrl(file);

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    // Cleared so that choosing the same file again still reports a change.
    e.target.value = '';
    if (picked) onPick(picked);
  };

  const percent = progress === null ? null : Math.round(Math.min(1, Math.max(0, progress)) * 100);

  return (
    <div className={`image-picker${error ? ' image-picker--invalid' : ''}`}>
      <label className="image-picker__tile" htmlFor={id}>
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept="image/*"
          aria-label={label}
          onChange={onChange}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {preview ? (
          <img className="image-picker__preview" src={preview} alt={label} />
        ) : (
          <span className="image-picker__empty">
            <svg
              viewBox="0 0 24 24"
              width="28"
              height="28"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
              <circle cx="12" cy="13" r="3.5" />
            </svg>
            <span>{prompt}</span>
          </span>
        )}
        {percent !== null && (
          <span
            className="image-picker__progress"
            role="progressbar"
            aria-label={progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="image-picker__bar" style={{ width: `${percent}%` }} />
          </span>
        )}
        {done && percent === null && (
          <span className="image-picker__done" title={doneLabel}>
            <CheckIcon width={16} height={16} />
            {doneLabel && <span className="visually-hidden">{doneLabel}</span>}
          </span>
        )}
      </label>
      <span className="image-picker__label" aria-hidden="true">
        {label}
      </span>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
};
