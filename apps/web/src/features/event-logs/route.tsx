import { EventLogPage } from './components/event-log-page';

/** /event-logs: search in the edge's event log. */
export function Component() {
  return <EventLogPage />;
}
