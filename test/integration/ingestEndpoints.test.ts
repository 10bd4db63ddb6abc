import { createHmac } from 'node:crypto';
import { recordingsBucket } from '../../lib/mongo';
import { makeWav } from '../support/audio';
import { describeWithStack, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

const MAX_UPLOAD = 40_000;

async function waitForStatus(stack: TestStack, key: string, callId: string, statuses: string[]) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await api(stack, key, 'GET', `/calls/${callId}`);
    if (statuses.includes(response.body.data?.status)) return response.body.data;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`call ${callId} did not reach ${statuses.join('/')}`);
}

describeWithStack('single upload and the dialer webhook', () => {
  let stack: TestStack;
  let tenant: Awaited<ReturnType<typeof seedTenant>>;
  let recordings: LocalServer;
  const wav = makeWav(1);

  beforeAll(async () => {
    recordings = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': wav.length }).end(wav);
    });
    stack = await startTestStack(
      testConfig({ UPLOAD_MAX_BYTES: String(MAX_UPLOAD), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }),
      {
        workers: true,
      },
    );
    tenant = await seedTenant(stack.database, 'owner');
  });
  afterAll(async () => {
    await stack?.close();
    await recordings?.close();
  });

  async function upload(fields: Record<string, string>, file: Buffer | null, key = tenant.key) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append('file', new Blob([file]), 'call.wav');
    const response = await fetch(`${stack.baseUrl}/calls/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any };
  }
  const storedFiles = () =>
    recordingsBucket(stack.database.db).find({ 'metadata.org_id': tenant.organization._id }).toArray();
  const fields = {
    agent_name: 'Sarah Miller',
    agent_email: 'sarah@acme.example',
    recorded_at: '2026-03-10T15:04:00-05:00',
  };

  test('an upload streams into GridFS, answers 202 queued, and the call is processed; the duration is measured', async () => {
    const response = await upload(
      { ...fields, tags: 'purchase, web', metadata: '{"lead_source":"web"}', duration: '60' },
      wav,
    );
    expect(response.status).toBe(202);
    expect(response.body.data).toMatchObject({ status: 'queued', duplicate: false });
    const call = await waitForStatus(stack, tenant.key, response.body.data.call_id, ['completed', 'failed']);
    expect(call).toMatchObject({
      status: 'completed',
      source: 'upload',
      tags: ['purchase', 'web'],
      // The client said 60 s; the recording lasts 1 s: the measured length is the call's.
      metadata: { lead_source: 'web', client_duration_seconds: 60 },
      duration_seconds: 1,
      stages: { fetch: { status: 'completed' } },
    });
    const download = await fetch(`${stack.baseUrl}/calls/${call.call_id}/recording`, {
      headers: { Authorization: `Bearer ${tenant.key}` },
    });
    expect(download.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await download.arrayBuffer()).equals(wav)).toBe(true);
  });

  test('refused uploads store nothing: too large (413), not audio (415), bad fields (400), no file (400)', async () => {
    const before = (await storedFiles()).length;
    const callsBefore = await stack.database.collections.calls.countDocuments({ org_id: tenant.organization._id });

    const tooLarge = await upload(fields, makeWav(3));
    expect(tooLarge.status).toBe(413);
    const notAudio = await upload(fields, Buffer.from('<html><body>not a recording, honest</body></html>'));
    expect(notAudio.status).toBe(415);
    const badFields = await upload(
      { ...fields, agent_email: 'nope', contact_phone: '555', tags: 'a,b,c,d,e,f,g,h,i,j,k' },
      wav,
    );
    expect(badFields.status).toBe(400);
    expect(badFields.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual([
      'agent_email',
      'contact_phone',
      'tags',
    ]);
    const noFile = await upload(fields, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.details).toEqual([{ path: 'file', message: 'required' }]);
    const json = await api(stack, tenant.key, 'POST', '/calls/upload', { ...fields });
    expect(json.status).toBe(415);

    expect((await storedFiles()).length).toBe(before);
    expect(await stack.database.collections.calls.countDocuments({ org_id: tenant.organization._id })).toBe(
      callsBefore,
    );
  });

  test('an upload with a known external_id reports the existing call and keeps no second file', async () => {
    const first = await upload({ ...fields, external_id: 'upload-dup' }, wav);
    const filesAfterFirst = (await storedFiles()).length;
    const second = await upload({ ...fields, external_id: 'upload-dup' }, wav);
    expect(second.status).toBe(202);
    expect(second.body.data).toMatchObject({ call_id: first.body.data.call_id, duplicate: true });
    expect((await storedFiles()).length).toBe(filesAfterFirst);
  });

  const dialerPayload = (externalId: string) => ({
    recording_url: `${recordings.url}/dialer/${externalId}.wav`,
    from_number: '+14155550123',
    to_number: '+13125550199',
    direction: 'outbound',
    duration_seconds: 42,
    agent_email: 'tom@acme.example',
    external_id: externalId,
  });

  test('the dialer webhook accepts the payload, derives the contact phone, and is idempotent on external_id', async () => {
    const first = await api(stack, tenant.key, 'POST', '/integrations/dialer/webhook', dialerPayload('dlr-1'));
    expect(first.status).toBe(202);
    expect(first.body.data).toMatchObject({ external_id: 'dlr-1', duplicate: false, status: 'queued' });
    const again = await api(stack, tenant.key, 'POST', '/integrations/dialer/webhook', dialerPayload('dlr-1'));
    expect(again.body.data).toMatchObject({ call_id: first.body.data.call_id, duplicate: true });
    const call = await waitForStatus(stack, tenant.key, first.body.data.call_id, ['completed', 'failed']);
    expect(call).toMatchObject({
      status: 'completed',
      source: 'dialer',
      direction: 'outbound',
      contact: { phone: '+13125550199' },
      duration_seconds: 1,
      metadata: { client_duration_seconds: 42 },
    });
  });

  test('dialer payload validation names the fields', async () => {
    const response = await api(stack, tenant.key, 'POST', '/integrations/dialer/webhook', {
      ...dialerPayload('dlr-bad'),
      direction: 'sideways',
      from_number: '415-555-0123',
      recording_url: undefined,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual([
      'direction',
      'from_number',
      'recording_url',
    ]);
  });

  test('once a dialer secret is set, a missing or wrong X-Service-Signature is 401 and a valid one is accepted', async () => {
    const signed = await seedTenant(stack.database, 'owner');
    // Set through the API as the console does: the address, then a secret shown once.
    const dialer = `/organizations/${signed.organization._id}/dialer`;
    const before = await api(stack, signed.key, 'GET', dialer);
    expect(before.body.data).toEqual({
      webhook_url: `${stack.baseUrl}/integrations/dialer/webhook`,
      signatures_required: false,
    });
    const viewer = await seedTenant(stack.database, 'viewer');
    expect(
      (await api(stack, viewer.key, 'POST', `/organizations/${viewer.organization._id}/dialer/secret`)).status,
    ).toBe(403);
    const rotated = await api(stack, signed.key, 'POST', `${dialer}/secret`);
    expect(rotated.status).toBe(201);
    const secret: string = rotated.body.data.secret;
    expect((await api(stack, signed.key, 'GET', dialer)).body.data.signatures_required).toBe(true);
    const stored = await stack.database.collections.organizations.findOne({ _id: signed.organization._id });
    expect(JSON.stringify(stored)).not.toContain(secret);
    const body = JSON.stringify(dialerPayload('dlr-signed'));
    const post = (signature?: string) =>
      fetch(`${stack.baseUrl}/integrations/dialer/webhook`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${signed.key}`,
          'Content-Type': 'application/json',
          ...(signature ? { 'X-Service-Signature': signature } : {}),
        },
        body,
      });
    const missing = await post();
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as any).error.code).toBe('invalid_signature');
    expect((await post(`sha256=${'0'.repeat(64)}`)).status).toBe(401);
    expect((await post('sha256=not-hex')).status).toBe(401);
    const otherSecret = createHmac('sha256', 'dsec_wrong').update(body).digest('hex');
    expect((await post(`sha256=${otherSecret}`)).status).toBe(401);
    expect(await stack.database.collections.calls.countDocuments({ org_id: signed.organization._id })).toBe(0);

    const valid = createHmac('sha256', secret).update(body).digest('hex');
    const accepted = await post(`sha256=${valid}`);
    expect(accepted.status).toBe(202);
  });
});
