import { callService, type OutboundSettings } from '../outboundService';

/**
 * A CalDAV calendar (RFC 4791): events are PUT as iCalendar resources named by their UID, so a
 * retry or a resync replaces the event instead of adding one.
 */
export interface CalDavConfig {
  /** The server's base URL, e.g. https://dav.example.com */
  url: string;
  username: string;
  password: string;
  /** The calendar collection's path on the server, e.g. /alice/sales/ */
  calendar: string;
}

export interface CalendarEvent {
  uid: string;
  title: string;
  start: Date;
  end: Date;
  description: string;
  attendees: { name: string | null; email: string | null }[];
  organizer: { name: string | null; email: string | null } | null;
}

/** iCalendar text escaping (RFC 5545 §3.3.11). */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut--;
    parts.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  parts.push(rest);
  return parts.join('\r\n');
}

export function toICalendar(event: CalendarEvent, now: Date): string {
  const person = (who: { name: string | null; email: string | null }) =>
    `${who.name ? `;CN=${escapeText(who.name).replace(/"/g, '')}` : ''}:mailto:${who.email}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//call-intelligence//EN',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    // UTC times: the instant is exact whatever the reader's zone (the call's offset is in the API).
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.organizer?.email ? [`ORGANIZER${person(event.organizer)}`] : []),
    ...event.attendees
      .filter((attendee) => attendee.email)
      .map((attendee) => `ATTENDEE;ROLE=REQ-PARTICIPANT${person(attendee)}`),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

export class CalDavClient {
  constructor(
    private readonly config: CalDavConfig,
    private readonly outbound: OutboundSettings,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const credentials = Buffer.from(`${this.config.username}:${this.config.password}`).toString('base64');
    return { Authorization: `Basic ${credentials}`, ...extra };
  }

  /** The calendar collection's URL (trailing slash). */
  get calendarUrl(): string {
    const base = this.config.url.replace(/\/+$/, '');
    const path = `/${this.config.calendar.replace(/^\/+|\/+$/g, '')}/`;
    return `${base}${path}`;
  }

  eventUrl(uid: string): string {
    return `${this.calendarUrl}${encodeURIComponent(uid)}.ics`;
  }

  /** Checks the credentials and that the calendar exists (PROPFIND, depth 0). */
  async verify(): Promise<void> {
    await callService(this.outbound, {
      url: this.calendarUrl,
      method: 'PROPFIND',
      headers: this.headers({ Depth: '0', 'Content-Type': 'application/xml; charset=utf-8' }),
      body: '<?xml version="1.0" encoding="utf-8"?><propfind xmlns="DAV:"><prop><resourcetype/></prop></propfind>',
    });
  }

  /** Creates or replaces the event; returns its URL. */
  async putEvent(event: CalendarEvent): Promise<string> {
    const url = this.eventUrl(event.uid);
    await callService(this.outbound, {
      url,
      method: 'PUT',
      headers: this.headers({ 'Content-Type': 'text/calendar; charset=utf-8' }),
      body: toICalendar(event, new Date()),
    });
    return url;
  }

  /** Removes the event (an erasure); an event already gone is not an error. */
  async deleteEvent(url: string): Promise<void> {
    await callService(this.outbound, { url, method: 'DELETE', headers: this.headers() }, [404]);
  }

  async getEvent(uid: string): Promise<string | null> {
    const response = await callService(
      this.outbound,
      { url: this.eventUrl(uid), method: 'GET', headers: this.headers() },
      [404],
    );
    return response.status === 404 ? null : response.text;
  }
}
