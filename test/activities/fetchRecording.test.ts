import { MockActivityEnvironment } from '@temporalio/testing';
import { recordingsBucket } from '../../lib/mongo';
import { makeWav } from '../support/audio';
import { describeWithStack, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { insertCalls, makeCall } from '../support/seed';
import { callActivitiesOf, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

/**
 * `fetchRecording` alone, in the SDK's MockActivityEnvironment: it heartbeats the bytes received
 * (so Temporal notices a dead worker within the heartbeat timeout), a cancelled download leaves no
 * partial file, and a retry after success does not download again.
 */
describeWithStack('fetchRecording in a mock activity environment', () => {
  let stack: TestStack;
  let recordings: LocalServer;
  const wav = makeWav(4); // 64 KB at 8 kHz
  const CHUNK = 8 * 1024;

  beforeAll(async () => {
    // Sends the recording in chunks 50 ms apart; `/stall` sends one chunk and then nothing.
    recordings = await startLocalServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.length });
      let offset = 0;
      const next = () => {
        if (offset >= wav.length) return res.end();
        res.write(wav.subarray(offset, offset + CHUNK));
        offset += CHUNK;
        if (req.url === '/stall') return;
        setTimeout(next, 50);
      };
      next();
    });
    stack = await startTestStack(testConfig({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }), { workers: false });
  });
  afterAll(async () => {
    await stack?.close();
    await recordings?.close();
  });

  async function callWithUrl(path: string) {
    const tenant = await seedTenant(stack.database);
    const call = makeCall(tenant.organization._id, { audio_url: `${recordings.url}${path}` });
    await insertCalls(stack.database, [call]);
    return { orgId: tenant.organization._id, callId: call._id };
  }

  test('heartbeats the bytes as they arrive, stores the whole file, and a retry does not download again', async () => {
    const input = await callWithUrl('/ok.wav');
    const activities = callActivitiesOf(stack);
    const environment = new MockActivityEnvironment();
    const heartbeats: number[] = [];
    environment.on('heartbeat', (details: { bytes: number }) => heartbeats.push(details.bytes));
    const fetched = await environment.run(activities.fetchRecording, input);
    expect(fetched).toMatchObject({ bytes: wav.length, contentType: 'audio/wav' });
    expect(heartbeats.length).toBeGreaterThanOrEqual(2);
    expect(heartbeats).toEqual([...heartbeats].sort((a, b) => a - b));
    expect(heartbeats.at(-1)).toBe(wav.length);

    const hits = recordings.requests.filter((request) => request.url === '/ok.wav').length;
    await expect(new MockActivityEnvironment({ attempt: 2 }).run(activities.fetchRecording, input)).resolves.toEqual(
      fetched,
    );
    expect(recordings.requests.filter((request) => request.url === '/ok.wav')).toHaveLength(hits);
  });

  test('a cancelled download leaves no partial file and no recording on the call', async () => {
    const input = await callWithUrl('/stall');
    const activities = callActivitiesOf(stack);
    const environment = new MockActivityEnvironment();
    let started: () => void = () => undefined;
    const firstBytes = new Promise<void>((resolve) => (started = resolve));
    environment.on('heartbeat', () => started());
    const running = environment.run(activities.fetchRecording, input);
    await firstBytes;
    environment.cancel();
    const failure = await running.then(
      () => null,
      (error: unknown) => error as Error,
    );
    // The download's stream is aborted by the activity's cancellation signal.
    expect(failure?.name).toBe('AbortError');
    const files = await recordingsBucket(stack.database.db).find({ 'metadata.call_id': input.callId }).toArray();
    expect(files).toEqual([]);
    const call = await stack.database.collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
    expect(call?.recording_file_id ?? null).toBeNull();
  });
});
