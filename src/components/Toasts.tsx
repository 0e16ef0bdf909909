import { useSnapshot } from 'valtio';
import { uiState } from '../state/ui';

export const Toasts = () => {
  const { toasts } = useSnapshot(uiState);
  if (toasts.length === 0) return null;
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
