import { Select } from '@tdk/shared-ui';
import { useEventOptions } from './queries';

/** A list's event filter: every event by title, or all of them (null). */
export function EventFilter({ value, onChange }: { value: number | null; onChange: (eventId: number | null) => void }) {
  const events = useEventOptions();
  return (
    <Select aria-label="Event" value={value ?? ''} onChange={(event) => onChange(Number(event.target.value) || null)}>
      <option value="">All events</option>
      {events.data?.map((event) => (
        <option key={event.id} value={event.id}>
          {event.title}
        </option>
      ))}
    </Select>
  );
}
