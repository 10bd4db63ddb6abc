import type { ManagedProcess } from '../../scripts/stack';
import type { ContactDoc } from '../../lib/documents';
import { describeWithStack, testConfig } from '../support/env';
import { startWorkerProcess } from '../support/processes';
import { insertCalls, makeCall } from '../support/seed';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import { waitFor } from '../support/wait';

const CALLS = 400;

describeWithStack('a worker killed with SIGKILL in the middle of an erasure and restarted', () => {
  let stack: TestStack;
  let worker: ManagedProcess | undefined;
  const output: string[] = [];

  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
  });
  afterAll(async () => {
    await worker?.stop();
    await stack?.close();
  });

  test('the erasure completes: every call named once on the receipt, nothing of the contact left', async () => {
    try {
      await eraseThroughACrash();
    } catch (error) {
      process.stderr.write(`[erasureCrash] worker output:\n${output.join('\n')}\n`);
      throw error;
    }
  }, 400_000);

  async function eraseThroughACrash() {
    const { organization, key } = await seedTenant(stack.database);
    const orgId = organization._id;
    const phone = '+14045550162';
    const contact: ContactDoc = {
      _id: 'ct_crash_erasure',
      org_id: orgId,
      name: 'Rosa Kettering',
      names: ['Rosa Kettering'],
      phones: [phone],
      emails: [],
      crm_ids: {},
      lead_created_at: null,
      created_at: new Date(),
      updated_at: new Date(),
    };
    await stack.database.collections.contacts.insertOne(contact);
    const calls = Array.from({ length: CALLS }, (_, index) =>
      makeCall(orgId, { _id: `call_crash_erase_${index}`, contact_id: contact._id, contact_phone: phone }),
    );
    await insertCalls(stack.database, calls);
    await stack.database.collections.transcripts.insertMany(
      calls.map((call) => ({
        _id: call._id,
        org_id: orgId,
        call_id: call._id,
        language: 'en',
        segments: [{ speaker: 'customer' as const, start: 0, end: 2, text: `Call me on ${phone}.`, confidence: 1 }],
        created_at: new Date(),
      })),
    );
    await stack.database.collections.tasks.insertMany(
      calls.map((call) => ({
        _id: `task_${call._id}`,
        org_id: orgId,
        call_id: call._id,
        contact_id: contact._id,
        text: `Call ${phone} back`,
        owner: 'agent' as const,
        due_date: null,
        status: 'open' as const,
        evidence: [],
        crm_id: null,
        created_at: new Date(),
      })),
    );

    worker = startWorkerProcess(stack.config, 'call-processing', output);
    const started = await api(stack, key, 'POST', `/contacts/${contact._id}/erase`);
    expect(started.status).toBe(202);
    const erasureId = started.body.data.erasure_id as string;
    const receiptOf = () => stack.database.collections.erasures.findOne({ _id: erasureId, org_id: orgId });

    // Kill the worker once some calls are gone and most are not.
    await waitFor(
      'the erasure to be under way',
      async () => ((await receiptOf())?.removed_call_ids.length ?? 0) >= 10 || undefined,
      120_000,
    );
    worker.child.kill('SIGKILL');
    await worker.stop();
    const interrupted = (await receiptOf())!;
    expect(interrupted.status).not.toBe('completed');
    const left = await stack.database.collections.calls.countDocuments({ org_id: orgId });
    expect(left).toBeGreaterThan(0);
    process.stderr.write(`[erasureCrash] worker killed with ${CALLS - left}/${CALLS} calls erased\n`);

    // The activity lost with the worker is retried after its heartbeat timeout (20 s).
    worker = startWorkerProcess(stack.config, 'call-processing', output);
    const receipt = await waitFor(
      'the erasure to complete after the restart',
      async () => {
        const answer = await api(stack, key, 'GET', `/erasures/${erasureId}`);
        return answer.body.data.status === 'completed' ? answer.body.data : undefined;
      },
      180_000,
    );
    expect(receipt.removed.calls).toBe(CALLS);
    expect(receipt.removed_call_ids).toHaveLength(CALLS);
    expect(new Set(receipt.removed_call_ids)).toEqual(new Set(calls.map((call) => call._id)));
    expect(receipt.removed.contacts).toBe(1);
    const { collections } = stack.database;
    for (const [name, collection] of [
      ['calls', collections.calls],
      ['transcripts', collections.transcripts],
      ['tasks', collections.tasks],
      ['contacts', collections.contacts],
    ] as const) {
      expect({ name, left: await collection.countDocuments({ org_id: orgId } as never) }).toEqual({ name, left: 0 });
    }
    // One contact.erased event and one completion entry, even if the last step ran twice.
    expect(await collections.events.countDocuments({ org_id: orgId, type: 'contact.erased' })).toBe(1);
    expect(await collections.auditEvents.countDocuments({ org_id: orgId, action: 'erasureCompleted' })).toBe(1);
  }
});
