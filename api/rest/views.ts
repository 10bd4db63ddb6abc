import type { z } from 'zod';
import type { CallDoc } from '../../lib/documents';
import type { CallDetail, CallSummary } from '../../lib/schemas/calls';

/** The API's views of a call record: stored dates become ISO strings; internal keys stay inside. */
export function callSummaryView(call: CallDoc): z.infer<typeof CallSummary> {
  return {
    call_id: call._id,
    external_id: call.external_id,
    batch_id: call.batch_id,
    source: call.source,
    status: call.status,
    failure_reason: call.failure_reason,
    recorded_at: call.recorded_at.toISOString(),
    direction: call.direction,
    duration_seconds: call.duration_seconds,
    agent: { name: call.agent_name, email: call.agent_email },
    contact: { id: call.contact_id, name: call.contact_name, phone: call.contact_phone },
    tags: call.tags,
    created_at: call.created_at.toISOString(),
    updated_at: call.updated_at.toISOString(),
  };
}

export function callDetailView(call: CallDoc, baseUrl: string): z.infer<typeof CallDetail> {
  return {
    ...callSummaryView(call),
    stages: Object.fromEntries(
      Object.entries(call.stages).map(([name, stage]) => [
        name,
        {
          status: stage.status,
          updated_at: stage.updated_at.toISOString(),
          ...(stage.reason ? { reason: stage.reason } : {}),
        },
      ]),
    ),
    metadata: call.metadata,
    links: {
      self: `${baseUrl}/calls/${call._id}`,
      recording: call.recording_file_id ? `${baseUrl}/calls/${call._id}/recording` : null,
    },
  };
}
