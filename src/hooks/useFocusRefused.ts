import { useCallback, useEffect, useState } from 'react';

/**
 * After a refused submit, once the errors are drawn, the first field marked wrong within the form
 * takes the focus. A long form (sign-up on a small phone) tapped at its foot said what was wrong
 * above the screen's top, and a second tap seemed to do nothing. Returns what a refused submit
 * calls with its form; a new record each time, so the same form refused twice focuses twice.
 */
export const useFocusRefused = () => {
  const [refused, setRefused] = useState<{ within: ParentNode } | null>(null);
  useEffect(() => {
    refused?.within.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);
  return useCallback((within: ParentNode) => setRefused({ within }), []);
};
