import { recordingsBucket } from '../../lib/mongo';
import { api, type TestStack } from './stackApp';

/**
 * The batch the fault tests interrupt, and the checks they share afterwards: each call exactly
 * once, with one whole recording and no orphaned chunks.
 */
export async function postRecordingBatch(
  target: { baseUrl: string },
  key: string,
  options: { recordingsUrl: string; calls: number; externalIdPrefix: string },
): Promise<string> {
  const created = await api(target, key, 'POST', '/calls/upload/batch', {
    calls: Array.from({ length: options.calls }, (_, index) => ({
      audio_url: `${options.recordingsUrl}/calls/${index}.wav`,
      recorded_at: '2026-03-10T15:04:00-05:00',
      agent_name: 'Sarah Miller',
      agent_email: 'sarah@acme.example',
      external_id: `${options.externalIdPrefix}-${index}`,
    })),
  });
  if (created.status !== 202) throw new Error(`batch refused: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.data.batch_id;
}

/** One completed call per external_id and one whole recording per call; returns the calls. */
export async function expectEveryCallOnce(stack: TestStack, orgId: string, count: number, recordingBytes: number) {
  const calls = await stack.database.collections.calls.find({ org_id: orgId }).toArray();
  expect(calls).toHaveLength(count);
  expect(new Set(calls.map((call) => call.external_id)).size).toBe(count);
  expect(calls.filter((call) => call.status !== 'completed').map((call) => call.external_id)).toEqual([]);
  const files = await recordingsBucket(stack.database.db).find({ 'metadata.org_id': orgId }).toArray();
  expect(files).toHaveLength(count);
  for (const file of files) expect(file.length).toBe(recordingBytes);
  // Each fault test has a database of its own, so every chunk in it belongs to these calls.
  const chunks = await stack.database.db.collection('recordings.chunks').countDocuments({});
  expect(chunks).toBe(files.reduce((sum, file) => sum + Math.ceil(file.length / file.chunkSize), 0));
  return calls;
}
