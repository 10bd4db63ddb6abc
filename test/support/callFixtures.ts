import type { Speaker, TranscriptSegment } from '../../lib/documents';
import { utcOffsetMinutesOf } from '../../lib/time';
import { readCall, type CallText } from '../../activities/language/core/callText';

/** A script read as a transcript: one segment per turn, five seconds apart. */
export function scriptSegments(turns: { speaker: Speaker; text: string }[]): TranscriptSegment[] {
  return turns.map((turn, index) => ({
    speaker: turn.speaker,
    start: index * 5,
    end: index * 5 + 4,
    text: turn.text,
    confidence: 0.9,
  }));
}

/** A call as the engines read it, from turns and the call record's facts. */
export function callTextOf(
  turns: { speaker: Speaker; text: string }[],
  record: { recorded_at: string; agentName?: string | null; agentEmail?: string | null; contactPhone?: string | null },
): CallText {
  return readCall(scriptSegments(turns), {
    recordedAt: new Date(record.recorded_at),
    utcOffsetMinutes: utcOffsetMinutesOf(record.recorded_at),
    agentName: record.agentName ?? null,
    agentEmail: record.agentEmail ?? null,
    contactName: null,
    contactPhone: record.contactPhone ?? null,
  });
}
