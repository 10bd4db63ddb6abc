import type { CallDoc } from '../../lib/documents';

/** The API's view of a call record (stored dates become ISO strings; internal keys stay inside). */
export function callView(call: CallDoc, baseUrl: string) {
  return {
    call_id: call._id,
    external_id: call.external_id,
    batch_id: call.batch_id,
    source: call.source,
    status: call.status,
    failure_reason: call.failure_reason,
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
    recorded_at: call.recorded_at.toISOString(),
    direction: call.direction,
    duration_seconds: call.duration_seconds,
    agent: { name: call.agent_name, email: call.agent_email },
    contact: { name: call.contact_name, phone: call.contact_phone },
    tags: call.tags,
    metadata: call.metadata,
    links: {
      self: `${baseUrl}/calls/${call._id}`,
      recording: call.recording_file_id ? `${baseUrl}/calls/${call._id}/recording` : null,
    },
    created_at: call.created_at.toISOString(),
    updated_at: call.updated_at.toISOString(),
  };
}
