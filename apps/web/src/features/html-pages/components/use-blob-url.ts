import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A `blob:` address holding an HTML text, for the sandboxed preview frame of a draft. Each new
 * text, `clear` and unmounting revoke the previous address, so no draft stays in memory.
 */
export function useHtmlBlobUrl(): { url: string | undefined; show: (html: string) => void; clear: () => void } {
  const [url, setUrl] = useState<string>();
  const current = useRef<string | undefined>(undefined);

  const revoke = useCallback(() => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = undefined;
  }, []);
  const show = useCallback(
    (html: string) => {
      revoke();
      current.current = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }));
      setUrl(current.current);
    },
    [revoke],
  );
  const clear = useCallback(() => {
    revoke();
    setUrl(undefined);
  }, [revoke]);

  useEffect(() => revoke, [revoke]);
  return { url, show, clear };
}
