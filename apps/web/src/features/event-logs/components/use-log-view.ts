import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_TIME_RANGE } from '@/components/time-range/time-range';
import { readEventLogLink, writeEventLogParams, type EventLogLinkPart, type EventLogView } from '@/lib/event-log-link';

/**
 * The event log's view (range, filters, actions, search) kept in the page's address: the
 * address is where it is read from (a change shows at once, then the address follows), and
 * each change replaces it (Back leaves the log rather than
 * stepping through its filters). A reload or a copied link then shows the same events, and the
 * menu's plain /event-logs shows the defaults again.
 *
 * A part of an address the page cannot use (a hand-edited filter, a custom range now older than
 * the picker allows) is named in `refused`, and taken out of the address, so what it shows and
 * what it holds agree.
 */
export function useLogView(): {
  view: EventLogView;
  setView: (change: Partial<EventLogView>) => void;
  refused: EventLogLinkPart[];
  dismissRefused: () => void;
} {
  const [params, setParams] = useSearchParams();
  const asString = params.toString();
  // Read once per address, so the filters keep their identity across renders.
  const link = useMemo(() => readEventLogLink(new URLSearchParams(asString)), [asString]);
  const view = useMemo<EventLogView>(
    () => ({
      range: link.view.range ?? DEFAULT_TIME_RANGE,
      filters: link.view.filters ?? [],
      actions: link.view.actions ?? [],
      search: link.view.search ?? { text: '', deep: false },
    }),
    [link],
  );
  // The parts the last link with refused parts named, until the user closes the notice: kept
  // when the address is rewritten without them, replaced when another bad link is opened.
  const [notice, setNotice] = useState(() => ({ link, parts: link.refused }));
  if (notice.link !== link && link.refused.length > 0) setNotice({ link, parts: link.refused });

  useEffect(() => {
    if (link.refused.length > 0) setParams((prev) => writeEventLogParams(view, prev), { replace: true });
  }, [link, view, setParams]);

  // A change shows at once, before the router has moved to its address: the time range control
  // must see its new value in the same turn, or the picker drops a start just typed (seen in
  // Chromium, e2e/time-range.spec.ts). Once the address moves on, it rules again.
  const [pending, setPending] = useState<{ view: EventLogView; from: string }>();
  if (pending && pending.from !== asString) setPending(undefined);
  const shown = pending && pending.from === asString ? pending.view : view;

  const setView = useCallback(
    (change: Partial<EventLogView>) => {
      const next = { ...shown, ...change };
      setPending({ view: next, from: asString });
      setParams((prev) => writeEventLogParams(next, prev), { replace: true });
    },
    [shown, asString, setParams],
  );
  const dismissRefused = useCallback(() => setNotice((current) => ({ ...current, parts: [] })), []);
  return { view: shown, setView, refused: notice.parts, dismissRefused };
}
