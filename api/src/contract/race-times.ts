// Race times (issue 43, decision 063): a timing company's file gives `H:MM:SS` with optional tenths
// ("1:02:03.4"), or `M:SS` for a time under a few hours written in minutes ("62:03"). Stored and
// compared as whole tenths of a second, so ties are exact; shown as H:MM:SS (tenths only when given).

/** Tenths of a second in a time as written, or undefined for anything unreadable. */
export function parseRaceTime(text: string): number | undefined {
  const match = /^(?:(\d{1,3}):)?(\d{1,3}):(\d{2})(?:[.,](\d))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, hoursText, minutesText, secondsText, tenthsText] = match;
  const hours = hoursText === undefined ? 0 : Number(hoursText);
  const minutes = Number(minutesText);
  const seconds = Number(secondsText);
  // H:MM:SS wants two-digit minutes under 60; M:SS (no hours) takes any number of minutes.
  if (hoursText !== undefined && (minutesText.length !== 2 || minutes > 59)) return undefined;
  if (seconds > 59) return undefined;
  return ((hours * 60 + minutes) * 60 + seconds) * 10 + (tenthsText === undefined ? 0 : Number(tenthsText));
}

/** "1:02:03" or "1:02:03.4" for tenths of a second; tenths shown only when there are some. */
export function formatRaceTime(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const rest = tenths % 10;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${hours}:${pad(minutes)}:${pad(seconds)}${rest ? `.${rest}` : ''}`;
}

/** Minutes and seconds per kilometre ("5:12 /km") for a net time over a distance in metres; undefined without a distance. */
export function paceOf(tenths: number, distanceMetres: number | null | undefined): string | undefined {
  if (!distanceMetres || distanceMetres <= 0) return undefined;
  const secondsPerKm = Math.round(tenths / 10 / (distanceMetres / 1000));
  return `${Math.floor(secondsPerKm / 60)}:${String(secondsPerKm % 60).padStart(2, '0')}`;
}

/** A result's status as a timing file gives it (DESIGN.md section 3, "race day"). */
export const RESULT_STATUSES = ['finisher', 'DNF', 'DNS', 'DQ'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];
