import { EventGrid } from './event-grid';

export function AllEventsPage() {
  return <EventGrid title="All Events" />;
}
