/**
 * UTC offsets of the times a call mentions. A call's `recorded_at` arrives with its offset
 * ("2026-03-10T15:04:00-05:00"); relative times said in the call are read, and written back, in it.
 */

/** Minutes east of UTC of an ISO 8601 date-time ("-05:00" → -300, "Z" → 0). */
export function utcOffsetMinutesOf(isoDateTime: string): number {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(isoDateTime);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** An instant written in a UTC offset: 2026-03-17T20:00:00Z at -300 → "2026-03-17T15:00:00-05:00". */
export function formatInOffset(instant: Date, offsetMinutes: number): string {
  const shifted = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  if (offsetMinutes === 0) return `${shifted}Z`;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return `${shifted}${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/** The calendar day (YYYY-MM-DD) of an instant in a UTC offset. */
export function dayInOffset(instant: Date, offsetMinutes: number): string {
  return formatInOffset(instant, offsetMinutes).slice(0, 10);
}
