import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeNeeding, testConfig } from '../support/env';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

const FIXTURES = path.resolve(__dirname, '../../../shared/fixtures/calls');

function missingPrerequisite(): string | null {
  if (process.env.CIS_STACK_UNAVAILABLE) return process.env.CIS_STACK_UNAVAILABLE;
  if (!existsSync(path.join(FIXTURES, 'make-audio.mjs'))) return `${FIXTURES} is absent`;
  // Test recordings are made with flite and sox; the worker decodes with the bootstrap's PyAV, no ffmpeg.
  for (const tool of ['flite', 'sox']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`]);
    } catch {
      return `${tool} is not installed (apt-get install -y flite sox)`;
    }
  }
  return null;
}

async function uploadFile(stack: TestStack, key: string, file: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([readFileSync(file)]), path.basename(file));
  const response = await fetch(`${stack.baseUrl}/calls/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: form,
  });
  return (await response.json()) as any;
}

async function waitUntilFinished(stack: TestStack, key: string, callId: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const call = (await api(stack, key, 'GET', `/calls/${callId}`)).body.data;
    if (call.status === 'completed' || call.status === 'failed') return call;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`call ${callId} did not finish`);
}

const textOf = (segments: { speaker: string; text: string }[], speaker: string) =>
  segments
    .filter((segment) => segment.speaker === speaker)
    .map((segment) => segment.text)
    .join(' ')
    .toLowerCase();

describeNeeding(
  'the call fixtures, flite and sox',
  missingPrerequisite(),
  'transcription with the embedded Whisper server',
  () => {
    let stack: TestStack;
    let tenant: Awaited<ReturnType<typeof seedTenant>>;
    let audioDir: string;
    const fields = {
      agent_name: 'Sarah Miller',
      agent_email: 'sarah.miller@acme-lending.example',
      recorded_at: '2026-03-10T15:04:00-05:00',
    };

    beforeAll(async () => {
      audioDir = mkdtempSync(path.join(os.tmpdir(), 'cis-calls-'));
      execFileSync('node', [
        path.join(FIXTURES, 'make-audio.mjs'),
        audioDir,
        path.join(FIXTURES, 'purchase-lead.json'),
      ]);
      stack = await startTestStack(testConfig(), { workers: true });
      tenant = await seedTenant(stack.database, 'owner');
    });
    afterAll(async () => {
      await stack?.close();
      if (audioDir) rmSync(audioDir, { recursive: true, force: true });
    });

    test('a stereo recording is transcribed per channel, with agent and customer turns in time order', async () => {
      const accepted = await uploadFile(stack, tenant.key, path.join(audioDir, 'purchase-lead.stereo.wav'), fields);
      const call = await waitUntilFinished(stack, tenant.key, accepted.data.call_id);
      expect(call.status).toBe('completed');
      expect(call.stages.transcription.status).toBe('completed');
      const segments = call.transcript.segments as {
        speaker: string;
        start: number;
        end: number;
        text: string;
        confidence: number;
      }[];
      expect(segments.length).toBeGreaterThan(5);
      expect(new Set(segments.map((segment) => segment.speaker))).toEqual(new Set(['agent', 'customer']));
      for (let index = 1; index < segments.length; index++)
        expect(segments[index]!.start).toBeGreaterThanOrEqual(segments[index - 1]!.start);
      for (const segment of segments) {
        expect(segment.end).toBeGreaterThan(segment.start);
        expect(segment.confidence).toBeGreaterThan(0);
      }
      // The agent's channel carries the disclosure, the customer's the house.
      expect(textOf(segments, 'agent')).toContain('recorded for quality purposes');
      expect(textOf(segments, 'customer')).toContain('house');
      expect(textOf(segments, 'agent')).not.toContain('we found a house');
      // Turn timing follows the real turns: the customer's "Yes, this is John." starts about 5.2 s in.
      const turns = JSON.parse(readFileSync(path.join(audioDir, 'purchase-lead.turns.json'), 'utf8')) as {
        start: number;
      }[];
      const firstCustomer = segments.find((segment) => segment.speaker === 'customer')!;
      expect(Math.abs(firstCustomer.start - turns[1]!.start)).toBeLessThan(1.5);

      // Summary and scorecard ran on the transcript, in parallel, with evidence from it.
      expect(call.stages.summary.status).toBe('completed');
      expect(call.stages.scorecard.status).toBe('completed');
      expect(call.summary.text.length).toBeGreaterThan(20);
      const scorecard = (await api(stack, tenant.key, 'GET', `/calls/${call.call_id}/scorecard`)).body.data;
      expect(
        Object.fromEntries(
          scorecard.criteria.map((criterion: { id: string; passed: boolean }) => [criterion.id, criterion.passed]),
        ),
      ).toEqual({
        greeting_and_identification: true,
        recording_disclosure: true,
        needs_discovery: true,
        next_steps_agreed: true,
      });
      const disclosure = scorecard.criteria.find(
        (criterion: { id: string }) => criterion.id === 'recording_disclosure',
      );
      expect(disclosure.evidence[0].speaker).toBe('agent');
      expect(disclosure.evidence[0].quote.toLowerCase()).toContain('recorded');
    });

    test('a mono telephone recording is transcribed with speaker unknown', async () => {
      const accepted = await uploadFile(stack, tenant.key, path.join(audioDir, 'purchase-lead.phone.wav'), {
        ...fields,
        external_id: 'phone-copy',
      });
      const call = await waitUntilFinished(stack, tenant.key, accepted.data.call_id);
      expect(call.status).toBe('completed');
      const segments = call.transcript.segments as { speaker: string; text: string }[];
      expect(new Set(segments.map((segment) => segment.speaker))).toEqual(new Set(['unknown']));
      expect(textOf(segments, 'unknown')).toContain('purchase price');
    });

    test('the agent channel setting swaps the speakers (metadata.agent_channel = 2)', async () => {
      const accepted = await uploadFile(stack, tenant.key, path.join(audioDir, 'purchase-lead.stereo.wav'), {
        ...fields,
        external_id: 'swapped',
        metadata: JSON.stringify({ agent_channel: 2 }),
      });
      const call = await waitUntilFinished(stack, tenant.key, accepted.data.call_id);
      expect(textOf(call.transcript.segments, 'customer')).toContain('recorded for quality purposes');
    });
  },
);
