import { describeWithStack, testConfig } from '../support/env';
import { seedTenant, startTestStack, type TestStack } from '../support/stackApp';

describeWithStack('Idempotency-Key on POSTs', () => {
  let stack: TestStack;
  let tenant: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
    tenant = await seedTenant(stack.database, 'owner');
  });
  afterAll(() => stack?.close());

  const item = (url: string) => ({
    audio_url: url,
    recorded_at: '2026-03-10T15:04:00-05:00',
    agent_name: 'Sarah Miller',
    agent_email: 'sarah@acme.example',
  });
  const post = async (key: string | null, body: unknown, apiKey = tenant.key) => {
    const response = await fetch(`${stack.baseUrl}/calls/upload/batch`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${apiKey}`,
        'Content-Type': 'application/json',
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };

  test('the same key replays the first response (same batch, same calls) and creates nothing new', async () => {
    const body = { calls: [item('https://r.example/one.wav')] };
    const first = await post('retry-123', body);
    const again = await post('retry-123', body);
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(await stack.database.collections.batches.countDocuments({ org_id: tenant.organization._id })).toBe(1);
    expect(await stack.database.collections.calls.countDocuments({ org_id: tenant.organization._id })).toBe(1);
  });

  test('the same key with a different request is 422; a malformed key is 400', async () => {
    await post('retry-456', { calls: [item('https://r.example/a.wav')] });
    const different = await post('retry-456', { calls: [item('https://r.example/b.wav')] });
    expect(different.status).toBe(422);
    expect(different.body.error.code).toBe('idempotency_key_reused');
    const malformed = await post('has spaces in it', { calls: [item('https://r.example/c.wav')] });
    expect(malformed.status).toBe(400);
  });

  test('a failed request stores nothing, so the same key can be retried', async () => {
    const invalid = await post('retry-789', { calls: [] });
    expect(invalid.status).toBe(400);
    const fixed = await post('retry-789', { calls: [item('https://r.example/d.wav')] });
    expect(fixed.status).toBe(202);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  test('keys are scoped to the API key: another key with the same Idempotency-Key is a new request', async () => {
    const other = await seedTenant(stack.database, 'owner');
    const body = { calls: [item('https://r.example/e.wav')] };
    const mine = await post('shared-key', body);
    const theirs = await post('shared-key', body, other.key);
    expect(theirs.status).toBe(202);
    expect(theirs.body.data.batch_id).not.toBe(mine.body.data.batch_id);
  });

  test('a stored response expires after 24 hours', async () => {
    const body = { calls: [item('https://r.example/f.wav')] };
    const first = await post('old-key', body);
    await stack.database.collections.idempotencyKeys.updateMany(
      { org_id: tenant.organization._id },
      { $set: { created_at: new Date(Date.now() - 25 * 3600 * 1000) } },
    );
    const later = await post('old-key', body);
    expect(later.status).toBe(202);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.data.batch_id).not.toBe(first.body.data.batch_id);
  });
});
