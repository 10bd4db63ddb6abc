import { callCompletedData } from '../lib/eventData';
import { recordEvent, type EmitEventInput, type EventLogDeps } from '../lib/eventLog';
import { callNotFound } from './calls';

/** Events from workflows go through the one event log (lib/eventLog.ts): stored once, then delivered. */
export function createEventActivities(deps: EventLogDeps) {
  const emitEvent = (input: EmitEventInput) => recordEvent(deps, input);

  return {
    emitEvent,

    /** `call.completed`'s data, read from the call record (the workflow passes ids only). */
    async emitCallCompleted(input: { orgId: string; callId: string }): Promise<string> {
      const { collections } = deps;
      const call = await collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
      if (!call) throw callNotFound(input.callId);
      const transcript = await collections.transcripts.findOne(
        { _id: call._id, org_id: input.orgId },
        { projection: { segments: 1 } },
      );
      return emitEvent({
        orgId: input.orgId,
        type: 'call.completed',
        subjectId: call._id,
        data: callCompletedData(call, transcript?.segments.length ?? 0),
      });
    },
  };
}
