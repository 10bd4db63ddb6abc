import { makeWav } from '../support/audio';
import { describeWithStack, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import {
  opensslServiceSignature,
  serviceSignatureValid,
  standardSignatureValid,
  startTlsReceiver,
  type TlsReceiver,
} from '../support/tlsReceiver';
import { waitFor } from '../support/wait';

describeWithStack('webhooks: registration, signed HTTPS deliveries of a processed call, log, retry, rotation', () => {
  let stack: TestStack;
  let receiver: TlsReceiver;
  let recordings: LocalServer;

  beforeAll(async () => {
    receiver = await startTlsReceiver();
    const wav = makeWav(1.5);
    recordings = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.length }).end(wav);
    });
    stack = await startTestStack(
      testConfig({ OUTBOUND_ALLOWED_HOSTS: 'localhost,127.0.0.1', OUTBOUND_CA_FILE: receiver.caFile }),
      { workers: true },
    );
  });
  afterAll(async () => {
    await stack?.close();
    await receiver?.close();
    await recordings?.close();
  });

  test('registration refuses plain HTTP, private addresses and unknown events, naming the field', async () => {
    const tenant = await seedTenant(stack.database);
    const base = `/organizations/${tenant.organization._id}/webhooks`;
    const plain = await api(stack, tenant.key, 'POST', base, {
      url: 'http://example.com/hook',
      events: ['call.completed'],
    });
    expect(plain.status).toBe(400);
    expect(plain.body.error.details).toEqual([{ path: 'url', message: 'must be an HTTPS URL' }]);
    for (const url of ['https://10.1.2.3/hook', 'https://169.254.169.254/latest', 'https://[::ffff:127.0.0.2]/x']) {
      const internal = await api(stack, tenant.key, 'POST', base, { url, events: ['call.completed'] });
      expect({ url, status: internal.status }).toEqual({ url, status: 400 });
      expect(internal.body.error.message).toMatch(/private or reserved address/);
    }
    const unknown = await api(stack, tenant.key, 'POST', base, { url: `${receiver.url}/a`, events: ['call.done'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('call.completed, call.data.extracted, task.created');
    const none = await api(stack, tenant.key, 'POST', base, { url: `${receiver.url}/a`, events: [] });
    expect(none.status).toBe(400);
    expect(await stack.database.collections.webhookEndpoints.countDocuments({ org_id: tenant.organization._id })).toBe(
      0,
    );
  });

  test('a processed call is delivered, signed, to the subscribed endpoint only; log, manual retry and rotation work', async () => {
    const tenant = await seedTenant(stack.database);
    const other = await seedTenant(stack.database, 'owner', 'Other');
    const base = `/organizations/${tenant.organization._id}/webhooks`;
    const subscribed = await api(stack, tenant.key, 'POST', base, {
      url: `${receiver.url}/subscribed`,
      events: ['call.completed', 'mismo.ready'],
      description: 'CRM bridge',
    });
    expect(subscribed.status).toBe(201);
    const endpoint = subscribed.body.data;
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const unsubscribed = await api(stack, tenant.key, 'POST', base, {
      url: `${receiver.url}/unsubscribed`,
      events: ['appointment.synced'],
    });
    expect(unsubscribed.status).toBe(201);

    // Never the secret again, and never to another organization.
    const listed = await api(stack, tenant.key, 'GET', base);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
    expect(listed.body.data.map((item: { id: string }) => item.id)).toEqual([endpoint.id, unsubscribed.body.data.id]);
    expect((await api(stack, other.key, 'GET', `${base}/${endpoint.id}`)).status).toBe(404);
    expect(
      (await api(stack, other.key, 'GET', `/organizations/${other.organization._id}/webhooks/${endpoint.id}`)).status,
    ).toBe(404);

    const created = await api(stack, tenant.key, 'POST', '/calls/upload/batch', {
      calls: [
        {
          audio_url: `${recordings.url}/tone.wav`,
          agent_name: 'Agent',
          agent_email: 'agent@example.com',
          recorded_at: '2026-03-10T15:04:00-05:00',
          external_id: 'webhook-call',
        },
      ],
    });
    expect(created.status).toBe(202);
    const callId = created.body.data.calls[0].call_id;
    const delivered = await waitFor(
      'call.completed at the receiver',
      async () => receiver.received.find((request) => request.headers['x-service-event'] === 'call.completed'),
      120_000,
    );
    const body = JSON.parse(delivered.body);
    expect(body).toMatchObject({
      type: 'call.completed',
      organization_id: tenant.organization._id,
      data: { call_id: callId, external_id: 'webhook-call', status: 'completed' },
    });
    expect(body.id).toMatch(/^evt_/);
    expect(delivered.path).toBe('/subscribed');
    expect(delivered.headers['content-type']).toBe('application/json');
    expect(delivered.headers['webhook-id']).toBe(body.id);
    expect(serviceSignatureValid(endpoint.secret, delivered)).toBe(true);
    expect(standardSignatureValid(endpoint.secret, delivered)).toBe(true);
    expect(delivered.headers['x-service-signature']).toBe(opensslServiceSignature(endpoint.secret, delivered.body));
    expect(serviceSignatureValid('whsec_wrong', delivered)).toBe(false);
    expect(receiver.received.filter((request) => request.path === '/unsubscribed')).toEqual([]);

    // The delivery log: filters, one delivery with its attempt.
    const deliveries = await waitFor('a succeeded delivery in the log', async () => {
      const log = await api(
        stack,
        tenant.key,
        'GET',
        `${base}/${endpoint.id}/deliveries?event=call.completed&status=succeeded`,
      );
      return log.body.data.length === 1 ? log.body.data : undefined;
    });
    expect(deliveries[0]).toMatchObject({ event_id: body.id, attempt_count: 1, last_status_code: 200, retry_of: null });
    const detail = await api(stack, tenant.key, 'GET', `${base}/${endpoint.id}/deliveries/${deliveries[0].id}`);
    expect(detail.body.data.attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 200, response_excerpt: '{"ok":true}', error: null }),
    ]);
    expect(detail.body.data.event).toMatchObject({ id: body.id, type: 'call.completed' });
    expect((await api(stack, tenant.key, 'GET', `${base}/${endpoint.id}/deliveries?status=failed`)).body.data).toEqual(
      [],
    );
    expect((await api(stack, tenant.key, 'GET', `${base}/${endpoint.id}/deliveries?event=nope`)).status).toBe(400);

    // A manual retry: a new delivery of the same event (same webhook-id, new X-Service-Delivery).
    const retried = await api(stack, tenant.key, 'POST', `${base}/${endpoint.id}/deliveries/${deliveries[0].id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body.data).toMatchObject({ event_id: body.id, retry_of: deliveries[0].id, status: 'pending' });
    const again = await waitFor('the retried delivery', async () =>
      receiver.received.find((request) => request.headers['x-service-delivery'] === retried.body.data.id),
    );
    expect(again.headers['webhook-id']).toBe(body.id);
    expect(again.body).toBe(delivered.body);

    // Rotation: the new secret is shown once; for 24 h deliveries carry both signatures.
    const rotated = await api(stack, tenant.key, 'POST', `${base}/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).not.toBe(endpoint.secret);
    const hoursAhead = (Date.parse(rotated.body.data.previous_secret_expires_at) - Date.now()) / 3_600_000;
    expect(hoursAhead).toBeGreaterThan(23.9);
    const ping = await api(stack, tenant.key, 'POST', `${base}/${endpoint.id}/test`);
    expect(ping.status).toBe(200);
    expect(ping.body.data).toMatchObject({ event_type: 'test.ping', status: 'succeeded', attempt_count: 1 });
    const pinged = receiver.received.find((request) => request.headers['x-service-event'] === 'test.ping')!;
    expect(serviceSignatureValid(rotated.body.data.secret, pinged)).toBe(true);
    expect(serviceSignatureValid(endpoint.secret, pinged)).toBe(true);
    expect(standardSignatureValid(rotated.body.data.secret, pinged)).toBe(true);
    expect(standardSignatureValid(endpoint.secret, pinged)).toBe(true);
    expect(String(pinged.headers['webhook-signature']).split(' ')).toHaveLength(2);

    // Disable, update, delete.
    const disabled = await api(stack, tenant.key, 'PATCH', `${base}/${endpoint.id}`, { enabled: false });
    expect(disabled.body.data.enabled).toBe(false);
    expect(
      (await api(stack, tenant.key, 'PATCH', `${base}/${endpoint.id}`, { url: 'https://127.0.0.1.nip.io.invalid/x' }))
        .status,
    ).toBe(400);
    expect((await api(stack, tenant.key, 'DELETE', `${base}/${endpoint.id}`)).status).toBe(200);
    expect((await api(stack, tenant.key, 'GET', `${base}/${endpoint.id}`)).status).toBe(404);
  }, 180_000);
});
