/** A date in the viewer's time zone; the hover title keeps the exact ISO value (with the call's own offset when given). */
export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The time as it was where the call was made (its own UTC offset), for the hover title. */
export function atCallOffset(iso: string, offsetMinutes: number): string {
  const local = new Date(new Date(iso).getTime() + offsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${local} at the call (UTC${sign}${hours}:${minutes})`;
}
