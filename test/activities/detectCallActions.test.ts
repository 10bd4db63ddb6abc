import { MockActivityEnvironment } from '@temporalio/testing';
import { describeWithStack, testConfig } from '../support/env';
import { insertCalls, insertScriptTranscript, makeCall } from '../support/seed';
import { callActivitiesOf, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

/**
 * `detectCallActions` alone, in the SDK's MockActivityEnvironment with the embedded language
 * engine: what a retry of the activity (Temporal runs it again after a worker dies) leaves behind.
 */
describeWithStack('detectCallActions in a mock activity environment', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
  });
  afterAll(async () => {
    await stack?.close();
  });

  test('a retry rewrites the same tasks and appointments and announces each once', async () => {
    const tenant = await seedTenant(stack.database);
    const orgId = tenant.organization._id;
    const call = makeCall(orgId, { recorded_at: new Date('2026-04-07T15:00:00Z'), direction: 'outbound' });
    await insertCalls(stack.database, [call]);
    await insertScriptTranscript(stack.database, call, [
      { speaker: 'agent', text: 'Thanks for your time today, Priya.' },
      { speaker: 'agent', text: "I'll send you the rate sheet by email this afternoon." },
      { speaker: 'customer', text: 'Great. Can we talk again on Thursday at 10 am?' },
      { speaker: 'agent', text: 'Thursday at 10 works, I will call you then.' },
    ]);
    const activities = callActivitiesOf(stack);
    const input = { orgId, callId: call._id };
    // MockActivityEnvironment.run cannot infer an activity's result type; it is the activity's own.
    const attempt = async (number: number) =>
      (await new MockActivityEnvironment({ attempt: number }).run(activities.detectCallActions, input)) as Awaited<
        ReturnType<typeof activities.detectCallActions>
      >;

    const first = await attempt(1);
    expect(first.tasks).toBeGreaterThanOrEqual(1);
    expect(first.appointments).toBeGreaterThanOrEqual(1);
    const { tasks, appointments, events } = stack.database.collections;
    const stored = async () => ({
      tasks: await tasks.find({ org_id: orgId, call_id: call._id }).sort({ _id: 1 }).toArray(),
      appointments: await appointments.find({ org_id: orgId, call_id: call._id }).sort({ _id: 1 }).toArray(),
      events: await events.find({ org_id: orgId }).sort({ _id: 1 }).toArray(),
    });
    const before = await stored();
    expect(before.tasks.map((task) => task._id)).toEqual(
      Array.from({ length: first.tasks }, (_, index) => `task_${call._id}_${index + 1}`),
    );

    const retried = await attempt(2);
    expect(retried).toEqual(first);
    const after = await stored();
    expect(after.tasks).toEqual(before.tasks); // same ids, same first created_at
    expect(after.appointments).toEqual(before.appointments);
    expect(after.events).toEqual(before.events); // one task.created / appointment.created each
    expect(after.events.map((event) => event.type).sort()).toEqual(
      [...Array(first.appointments).fill('appointment.created'), ...Array(first.tasks).fill('task.created')].sort(),
    );
  });
});
