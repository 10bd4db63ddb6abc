import type { EventDoc } from '../lib/documents';
import { eventIdFor, type EventType } from '../lib/events';
import type { Collections } from '../lib/mongo';

export interface EmitEventInput {
  orgId: string;
  type: EventType;
  /** What the event is about (a call, a task…): with the type it makes the stable event id. */
  subjectId: string;
  data: Record<string, unknown>;
}

/** The one function every event goes through: stored once under its stable id. */
export async function recordEvent(collections: Collections, input: EmitEventInput): Promise<string> {
  const id = eventIdFor(input.orgId, input.type, input.subjectId);
  const event: Omit<EventDoc, '_id'> = {
    org_id: input.orgId,
    type: input.type,
    subject_id: input.subjectId,
    data: input.data,
    created_at: new Date(),
  };
  // $setOnInsert: a retried emit neither duplicates the event nor changes its first payload.
  await collections.events.updateOne({ _id: id, org_id: input.orgId }, { $setOnInsert: event }, { upsert: true });
  return id;
}

export function createEventActivities(collections: Collections) {
  const emitEvent = (input: EmitEventInput) => recordEvent(collections, input);

  return {
    emitEvent,

    /** `call.completed`'s data, read from the call record (the workflow passes ids only). */
    async emitCallCompleted(input: { orgId: string; callId: string }): Promise<string> {
      const call = await collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
      if (!call) throw new Error(`Call ${input.callId} does not exist`);
      const transcript = await collections.transcripts.findOne(
        { _id: call._id, org_id: input.orgId },
        { projection: { segments: 1 } },
      );
      const data = {
        call_id: call._id,
        external_id: call.external_id,
        batch_id: call.batch_id,
        status: call.status,
        recorded_at: call.recorded_at.toISOString(),
        agent_email: call.agent_email,
        contact_id: call.contact_id,
        duration_seconds: call.duration_seconds,
        transcript_segments: transcript?.segments.length ?? 0,
        summary: call.summary,
        stages: Object.fromEntries(Object.entries(call.stages).map(([name, stage]) => [name, stage.status])),
      };
      return emitEvent({ orgId: input.orgId, type: 'call.completed', subjectId: call._id, data });
    },
  };
}
