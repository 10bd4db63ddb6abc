import { ApplicationFailure } from '@temporalio/activity';
import { MockActivityEnvironment } from '@temporalio/testing';
import { randomBytes } from 'node:crypto';
import { createWebhookActivities } from '../../activities/webhooks';
import { NON_RETRYABLE } from '../../lib/temporal';
import { newDelivery, storeEvent } from '../../lib/eventLog';
import { connectDatabase, type Database } from '../../lib/mongo';
import { describeWithStack, testConfig } from '../support/env';
import { makeWebhookEndpoint } from '../support/seed';
import { serviceSignatureValid, startTlsReceiver, type TlsReceiver } from '../support/tlsReceiver';

/**
 * `attemptDelivery` alone, in the SDK's MockActivityEnvironment (no worker, no workflow): the
 * attempt number comes from the activity's info, and each failure is retryable or not by its type,
 * which is what the deliverWebhook workflow's retry policy acts on.
 */
describeWithStack('attemptDelivery in a mock activity environment', () => {
  let receiver: TlsReceiver;
  let database: Database;
  let activities: ReturnType<typeof createWebhookActivities>;
  const orgId = 'org_attempts';
  const secret = `whsec_${randomBytes(24).toString('base64')}`;

  beforeAll(async () => {
    receiver = await startTlsReceiver();
    const config = testConfig({ OUTBOUND_ALLOWED_HOSTS: 'localhost', OUTBOUND_CA_FILE: receiver.caFile });
    database = await connectDatabase(config);
    activities = createWebhookActivities({ collections: database.collections, config });
    const endpoint = (id: string, url: string, enabled = true) =>
      makeWebhookEndpoint(orgId, secret, config.SECRETS_ENCRYPTION_KEY, {
        _id: id,
        url,
        events: ['test.ping'],
        enabled,
      });
    await database.collections.webhookEndpoints.insertMany([
      endpoint('we_ok', `${receiver.url}/hook`),
      endpoint('we_off', `${receiver.url}/off`, false),
      endpoint('we_private', 'https://10.20.30.40/hook'),
    ]);
    const event = await storeEvent(database, {
      orgId,
      type: 'test.ping',
      subjectId: 'ping-1',
      data: { endpoint_id: 'we_ok', message: 'hello' },
    });
    await database.collections.webhookDeliveries.insertMany(
      ['we_ok', 'we_off', 'we_private'].map((endpointId) => newDelivery(event, endpointId, `dl_${endpointId}`, null)),
    );
  });
  afterAll(async () => {
    await database?.db.dropDatabase().catch(() => undefined);
    await database?.close();
    await receiver?.close();
  });

  const attempt = (number: number, deliveryId: string) =>
    new MockActivityEnvironment({ attempt: number }).run(activities.attemptDelivery, { orgId, deliveryId });

  const failureOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApplicationFailure);
    return error as ApplicationFailure;
  };

  test('a delivery is POSTed signed, and logged under the attempt number Temporal gives', async () => {
    await expect(attempt(3, 'dl_we_ok')).resolves.toEqual({ statusCode: 200 });
    const received = receiver.received.filter((request) => request.path === '/hook');
    expect(received).toHaveLength(1);
    expect(serviceSignatureValid(secret, received[0]!)).toBe(true);
    const logged = await database.collections.webhookDeliveries.findOne({ _id: 'dl_we_ok', org_id: orgId });
    expect(logged).toMatchObject({ status: 'succeeded', attempts: [{ attempt: 3, status_code: 200, error: null }] });
  });

  test('a disabled endpoint ends the delivery without a request (not retried)', async () => {
    const failure = await failureOf(attempt(1, 'dl_we_off'));
    expect(failure).toMatchObject({ type: NON_RETRYABLE.endpointDisabled, nonRetryable: true });
    expect(receiver.received.some((request) => request.path === '/off')).toBe(false);
  });

  test('a private address is refused, logged, and not retried', async () => {
    const failure = await failureOf(attempt(2, 'dl_we_private'));
    expect(failure).toMatchObject({ type: NON_RETRYABLE.webhookBlocked, nonRetryable: true });
    const logged = await database.collections.webhookDeliveries.findOne({ _id: 'dl_we_private', org_id: orgId });
    expect(logged?.attempts).toEqual([expect.objectContaining({ attempt: 2, status_code: null })]);
  });

  test("another organization's delivery does not exist for this one", async () => {
    const failure = await failureOf(
      new MockActivityEnvironment().run(activities.attemptDelivery, { orgId: 'org_other', deliveryId: 'dl_we_ok' }),
    );
    expect(failure).toMatchObject({ type: NON_RETRYABLE.deliveryNotFound, nonRetryable: true });
  });
});
