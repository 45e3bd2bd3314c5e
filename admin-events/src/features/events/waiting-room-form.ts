// The waiting room's form (decision 032): what the console shows in its fields, from the room's
// settings or the defaults for a new room (on sale in an hour), and back.
import { WAITING_ROOM_DEFAULTS, type WaitingRoomSettings, type WaitingRoomSettingsInput } from '@tdk/api/contract';

export type WaitingRoomFormValues = Omit<
  WaitingRoomSettingsInput,
  'ratePerMinute' | 'finishMinutes' | 'capPerEmail' | 'capPerPhone' | 'browsersPerAddress'
> & {
  ratePerMinute: string;
  finishMinutes: string;
  capPerEmail: string;
  capPerPhone: string;
  browsersPerAddress: string;
};

/** India's wall clock of an instant: its day and time. */
const indiaClock = (instant: number) => {
  const iso = new Date(instant + 330 * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
};

export function formValuesOf(settings: WaitingRoomSettings | null, now = Date.now()): WaitingRoomFormValues {
  const start = settings ?? { enabled: true, ...WAITING_ROOM_DEFAULTS };
  const clock = settings ? { date: settings.onSaleDate, time: settings.onSaleTime } : indiaClock(now + 3_600_000);
  return {
    enabled: start.enabled,
    onSaleDate: clock.date,
    onSaleTime: clock.time,
    ratePerMinute: String(start.ratePerMinute),
    finishMinutes: String(start.finishMinutes),
    capPerEmail: String(start.capPerEmail),
    capPerPhone: String(start.capPerPhone),
    browsersPerAddress: String(start.browsersPerAddress),
  };
}

/** What the API is sent: numbers as typed (a non-number stays one, and the contract names it). */
export function inputOf(values: WaitingRoomFormValues): WaitingRoomSettingsInput {
  const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
  return {
    enabled: values.enabled,
    onSaleDate: values.onSaleDate,
    onSaleTime: values.onSaleTime,
    ratePerMinute: number(values.ratePerMinute),
    finishMinutes: number(values.finishMinutes),
    capPerEmail: number(values.capPerEmail),
    capPerPhone: number(values.capPerPhone),
    browsersPerAddress: number(values.browsersPerAddress),
  };
}
