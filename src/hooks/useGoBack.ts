import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** Back within the app; a deep link has no history here, so it goes home instead of off-site. */
export const useGoBack = () => {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/home', { replace: true });
  }, [navigate]);
};
