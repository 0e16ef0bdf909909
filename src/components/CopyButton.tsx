import { showToast } from '../state/ui';

/** Copies through a hidden text area, for browsers without the async clipboard (plain http, old
 * WebViews). */
const legacyCopy = (text: string): boolean => {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  area.setSelectionRange(0, text.length);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
};

/** Puts `text` on the clipboard: the async clipboard where allowed, else the legacy way. */
const copyText = async (text: string): Promise<boolean> => {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no secure context, no permission): try the legacy way.
  }
  return legacyCopy(text);
};

/** A button that copies `text` and says so in a toast. */
export const CopyButton = ({
  text,
  label,
  copied,
  failed,
  className = 'btn btn--small',
}: {
  text: string;
  /** The button's text, e.g. "Copy link". */
  label: string;
  /** The toast after a copy. */
  copied: string;
  /** The toast when the browser refused. */
  failed: string;
  className?: string;
}) => (
  <button
    type="button"
    className={className}
    onClick={() => {
      void copyText(text).then((ok) => showToast(ok ? copied : failed));
    }}
  >
    {label}
  </button>
);
