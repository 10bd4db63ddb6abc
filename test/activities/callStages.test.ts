import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { NON_RETRYABLE } from '../../lib/temporal';
import { describeWithStack, testConfig } from '../support/env';
import { insertCalls, insertScriptTranscript, makeCall } from '../support/seed';
import { callActivitiesOf, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

/**
 * The summary, scorecard, extraction, contact, completion-event and batch activities alone, in the
 * SDK's MockActivityEnvironment with the embedded engine: what each stores, that a retry (Temporal
 * runs an activity again after a worker dies) stores the same and announces nothing twice, and
 * which failures are final.
 */
describeWithStack('call stage activities in a mock activity environment', () => {
  let stack: TestStack;
  let activities: ReturnType<typeof callActivitiesOf>;

  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
    activities = callActivitiesOf(stack);
  });
  afterAll(async () => {
    await stack?.close();
  });

  /**
   * Runs an activity as attempt `attempt`; the result is the activity's own type. The SDK's
   * "Activity failed" warnings are left out: the failures expected here are asserted instead.
   */
  const quiet = new DefaultLogger('ERROR');
  const run = async <A extends unknown[], R>(activity: (...args: A) => Promise<R>, attempt: number, ...args: A) =>
    (await new MockActivityEnvironment({ attempt }, { logger: quiet }).run(activity, ...args)) as R;

  async function lendingCall(orgId: string) {
    const call = makeCall(orgId, {
      recorded_at: new Date('2026-05-12T16:00:00Z'),
      contact_name: null,
      contact_phone: null,
      metadata: { contact_email: 'Rosa.Delgado@Example.com', lead_created_at: '2026-05-12T15:40:00Z' },
      summary: null,
    });
    await insertCalls(stack.database, [call]);
    await insertScriptTranscript(stack.database, call, [
      { speaker: 'agent', text: 'Good morning, this is Sarah with Acme Lending, how can I help?' },
      { speaker: 'customer', text: 'Hi, my name is Rosa Delgado. I want to refinance my house.' },
      { speaker: 'agent', text: 'Sure. What is the loan amount you are looking for?' },
      { speaker: 'customer', text: 'About three hundred fifty thousand dollars, on a thirty year fixed.' },
      { speaker: 'agent', text: 'And the best number to reach you?' },
      { speaker: 'customer', text: 'Five one two, five five five, zero one four two.' },
      { speaker: 'agent', text: 'Great, I will send you the disclosures today.' },
    ]);
    return { call, input: { orgId, callId: call._id } };
  }

  test('summary, scorecard and extraction store their results; a retry stores the same and announces once', async () => {
    const { organization } = await seedTenant(stack.database);
    const { call, input } = await lendingCall(organization._id);
    const { calls, scorecards, extractions, events } = stack.database.collections;

    const summarized = await run(activities.summarizeCall, 1, input);
    const summary = (await calls.findOne({ _id: call._id }))!.summary;
    expect(summary?.text).toMatch(/refinanc/i);
    expect(summarized.keyPoints).toBe(summary!.key_points.length);

    const scored = await run(activities.scoreCall, 1, input);
    const scorecard = (await scorecards.findOne({ _id: call._id }))!;
    expect(scorecard).toMatchObject({ org_id: organization._id, call_id: call._id });
    expect(scorecard.criteria.length).toBeGreaterThan(0);
    expect(scored.percentage).toBe(scorecard.total.percentage);

    const extracted = await run(activities.extractCallData, 1, input);
    expect(extracted).toEqual({ datasets: ['mortgage_lead'], isLendingCall: true });
    const stored = (await extractions.findOne({ _id: call._id }))!;
    expect(stored.results[0]!.data).toMatchObject({ loan_amount: 350000 });
    const announced = await events.find({ org_id: organization._id, type: 'call.data.extracted' }).toArray();
    expect(announced).toHaveLength(1);
    expect(announced[0]!.data).toMatchObject({ call_id: call._id, is_lending_call: true });

    // Attempt 2 of each, as after a worker crash: same records, no second event.
    expect(await run(activities.summarizeCall, 2, input)).toEqual(summarized);
    expect((await calls.findOne({ _id: call._id }))!.summary).toEqual(summary);
    expect(await run(activities.scoreCall, 2, input)).toEqual(scored);
    expect(await run(activities.extractCallData, 2, input)).toEqual(extracted);
    expect((await extractions.findOne({ _id: call._id }))!.results).toEqual(stored.results);
    expect(await events.countDocuments({ org_id: organization._id, type: 'call.data.extracted' })).toBe(1);
  });

  test('the contact, then call.completed once, from the stored records', async () => {
    const { organization } = await seedTenant(stack.database);
    const { call, input } = await lendingCall(organization._id);
    await run(activities.extractCallData, 1, input);
    const { contactId } = await run(activities.upsertContactForCall, 1, input);
    const contact = await stack.database.collections.contacts.findOne({ _id: contactId!, org_id: organization._id });
    // No phone on the record: the metadata e-mail identifies the contact; the spoken phone and name join it.
    expect(contact).toMatchObject({ emails: ['rosa.delgado@example.com'], name: 'Rosa Delgado' });
    expect(contact!.lead_created_at).toEqual(new Date('2026-05-12T15:40:00Z'));
    expect(await run(activities.upsertContactForCall, 2, input)).toEqual({ contactId });

    const eventId = await run(activities.emitCallCompleted, 1, input);
    expect(await run(activities.emitCallCompleted, 2, input)).toBe(eventId);
    const completed = await stack.database.collections.events
      .find({ org_id: organization._id, type: 'call.completed' })
      .toArray();
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data).toMatchObject({ call_id: call._id, contact_id: contactId, transcript_segments: 7 });
  });

  test('final failures: a call without a transcript, another organization’s call, an unknown batch', async () => {
    const { organization } = await seedTenant(stack.database);
    const other = await seedTenant(stack.database, 'owner', 'Other Org');
    const untranscribed = makeCall(organization._id);
    await insertCalls(stack.database, [untranscribed]);
    const { call } = await lendingCall(organization._id);

    const languageStages: ((input: { orgId: string; callId: string }) => Promise<unknown>)[] = [
      activities.summarizeCall,
      activities.scoreCall,
      activities.extractCallData,
    ];
    for (const activity of languageStages) {
      await expect(run(activity, 1, { orgId: organization._id, callId: untranscribed._id })).rejects.toMatchObject({
        type: NON_RETRYABLE.noTranscript,
        nonRetryable: true,
      });
      // Another organization's id for the same call is no call at all.
      await expect(run(activity, 1, { orgId: other.organization._id, callId: call._id })).rejects.toMatchObject({
        type: NON_RETRYABLE.callNotFound,
        nonRetryable: true,
      });
    }
    await expect(
      run(activities.emitCallCompleted, 1, { orgId: other.organization._id, callId: call._id }),
    ).rejects.toMatchObject({ type: NON_RETRYABLE.callNotFound });
    await expect(
      run(activities.recordBatchOutcome, 1, { orgId: organization._id, batchId: 'batch_missing' }),
    ).rejects.toMatchObject({ type: NON_RETRYABLE.batchNotFound, nonRetryable: true });
    // The status writes (local activities in processCall) refuse another organization's call too.
    await expect(
      run(activities.setCallStage, 1, {
        orgId: other.organization._id,
        callId: call._id,
        stage: 'summary',
        status: 'completed',
      }),
    ).rejects.toMatchObject({ type: NON_RETRYABLE.callNotFound, nonRetryable: true });
    await expect(
      run(activities.setCallStatus, 1, { orgId: other.organization._id, callId: call._id, status: 'failed' }),
    ).rejects.toMatchObject({ type: NON_RETRYABLE.callNotFound });
    expect((await stack.database.collections.calls.findOne({ _id: call._id }))!.status).toBe('completed');
    // Nothing was written for the other organization.
    expect(await stack.database.collections.scorecards.countDocuments({ org_id: other.organization._id })).toBe(0);
  });
});
