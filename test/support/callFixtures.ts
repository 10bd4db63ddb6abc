import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Speaker, TranscriptSegment } from '../../lib/documents';
import { utcOffsetMinutesOf } from '../../lib/time';
import { readCall, type CallText } from '../../activities/providers/embedded/callText';

/** The sample calls of ../shared/fixtures/calls: scripts with the results a good engine gets. */
export const CALL_FIXTURES_DIR = path.resolve(__dirname, '../../../shared/fixtures/calls');

export interface CallFixture {
  id: string;
  recorded_at: string;
  direction: 'inbound' | 'outbound';
  agent: { name: string; email: string; channel: number };
  customer: { name: string; phone: string; channel: number };
  metadata: Record<string, string>;
  turns: { speaker: 'agent' | 'customer'; text: string }[];
  expected: {
    is_lending_call: boolean;
    dataset: Record<string, unknown>;
    tasks: { text: string; owner: 'agent' | 'customer'; due?: string }[];
    appointments: { start: string; attendees: string[] }[];
    scorecard: Record<string, boolean>;
  };
}

export function loadCallFixtures(): CallFixture[] {
  if (!existsSync(CALL_FIXTURES_DIR)) return [];
  return readdirSync(CALL_FIXTURES_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(CALL_FIXTURES_DIR, file), 'utf8')) as CallFixture);
}

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
