import { createHash } from 'node:crypto';

/** The outbound event catalog (spec section 6). */
export const EVENT_TYPES = [
  'call.completed',
  'call.data.extracted',
  'task.created',
  'task.synced',
  'appointment.created',
  'appointment.synced',
  'mismo.ready',
  'contact.erased',
  'call.erased',
  'test.ping',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * A stable event id: the same event (type + subject) always gets the same id, however often the
 * activity that emits it is retried, so receivers can deduplicate on it.
 */
export function eventIdFor(orgId: string, type: EventType, subjectId: string): string {
  return `evt_${createHash('sha256').update(`${orgId}\n${type}\n${subjectId}`).digest('hex').slice(0, 32)}`;
}
