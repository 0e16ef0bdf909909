import { useSnapshot } from 'valtio';
import { uiState } from '../state/ui';

/** The toasts' live region is always on the page, empty when none shows: a screen reader announces
 * what is added to a region it already knows, not a region that appears with its text. It stays
 * live while a sheet or a dialog is up (useModal leaves live regions alone), as a toast often
 * answers what was done there. */
export const Toasts = () => {
  const { toasts } = useSnapshot(uiState);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className="toast">
          {toast.text}
        </div>
      ))}
    </div>
  );
};
