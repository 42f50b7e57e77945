import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** Goes back in the browser history when the app has one, else to `fallback`. */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback);
  }, [navigate, fallback]);
}
