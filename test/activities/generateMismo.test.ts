import { MockActivityEnvironment } from '@temporalio/testing';
import { NON_RETRYABLE } from '../../lib/temporal';
import { NOT_LENDING_REASON, type CallExtractionsDoc } from '../../lib/documents';
import type { MortgageLead } from '../../lib/mismo';
import { mismoBucket } from '../../lib/mongo';
import { describeWithStack, testConfig } from '../support/env';
import { insertCalls, makeCall } from '../support/seed';
import { callActivitiesOf, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

/**
 * `generateMismo` alone, in the SDK's MockActivityEnvironment, from stored extractions: one file
 * per call however often it runs, nothing for a call that is not about lending, and a lead that
 * cannot make a valid file is a non-retryable failure that stores nothing.
 */
describeWithStack('generateMismo in a mock activity environment', () => {
  let stack: TestStack;
  const lead: MortgageLead = {
    borrower_first_name: 'Tomás',
    borrower_last_name: 'Ngata',
    borrower_phone: '+12065550147',
    borrower_email: 'tomas.ngata@example.net',
    property_address: { line: '41 Harbor View Road', city: 'Tacoma', state: 'WA', postal_code: '98402' },
    loan_purpose: 'Purchase',
    cash_out: false,
    mortgage_type: 'Conventional',
    loan_amount: 312000,
    purchase_price: 390000,
    property_value: 390000,
    occupancy: 'PrimaryResidence',
    employer_name: 'Northwind Freight',
    monthly_income: 7400,
  };

  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function callWithExtraction(isLending: boolean, data: Record<string, unknown>) {
    const tenant = await seedTenant(stack.database);
    const orgId = tenant.organization._id;
    const call = makeCall(orgId, {});
    await insertCalls(stack.database, [call]);
    const extractions: CallExtractionsDoc = {
      _id: call._id,
      org_id: orgId,
      call_id: call._id,
      is_lending_call: isLending,
      results: isLending ? [{ dataset: 'mortgage_lead', data, evidence: {}, missing_required: [] }] : [],
      created_at: new Date(),
    };
    await stack.database.collections.extractions.insertOne(extractions);
    return { orgId, callId: call._id };
  }

  const run = async (input: { orgId: string; callId: string }, attempt = 1) =>
    (await new MockActivityEnvironment({ attempt }).run(callActivitiesOf(stack).generateMismo, input)) as Awaited<
      ReturnType<ReturnType<typeof callActivitiesOf>['generateMismo']>
    >;

  test('a lending call gets one file and one mismo.ready event, however often the activity runs', async () => {
    const input = await callWithExtraction(true, { ...lead });
    expect(await run(input, 1)).toEqual({ generated: true });
    expect(await run(input, 2)).toEqual({ generated: true });
    const files = await mismoBucket(stack.database.db).find({ 'metadata.call_id': input.callId }).toArray();
    expect(files.map((file) => file._id)).toEqual([`mismo_${input.callId}`]);
    const call = await stack.database.collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
    expect(call?.mismo_file_id).toBe(`mismo_${input.callId}`);
    const events = await stack.database.collections.events.find({ org_id: input.orgId, type: 'mismo.ready' }).toArray();
    expect(events).toHaveLength(1);
  });

  test('a regenerated file is announced again only when its loan data changed', async () => {
    const input = await callWithExtraction(true, { ...lead });
    const announced = () =>
      stack.database.collections.events
        .find({ org_id: input.orgId, type: 'mismo.ready' })
        .sort({ created_at: 1 })
        .toArray();
    await run(input);
    // The call's update time (the file's CreatedDatetime) moves on; the loan data do not.
    await stack.database.collections.calls.updateOne(
      { _id: input.callId, org_id: input.orgId },
      { $set: { updated_at: new Date(Date.now() + 60_000) } },
    );
    await run(input);
    expect(await announced()).toHaveLength(1);
    await stack.database.collections.extractions.updateOne(
      { _id: input.callId, org_id: input.orgId },
      { $set: { 'results.0.data.loan_amount': 318_000 } },
    );
    await run(input);
    await run(input, 2); // a retry of the same change
    const events = await announced();
    expect(events).toHaveLength(2);
    expect(events[1]!._id).not.toBe(events[0]!._id);
    expect(events[1]!.data.content_sha256).not.toBe(events[0]!.data.content_sha256);
    expect(events[0]!.data.content_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  test('a call that is not about lending gets no file', async () => {
    const input = await callWithExtraction(false, {});
    expect(await run(input)).toEqual({ generated: false, reason: NOT_LENDING_REASON });
    expect(await mismoBucket(stack.database.db).find({ 'metadata.call_id': input.callId }).toArray()).toEqual([]);
  });

  test('a lead that cannot make a valid file fails without retries and stores nothing', async () => {
    const input = await callWithExtraction(true, { ...lead, property_address: { line: '', state: 'ZZ' } });
    const failure = await run(input).then(
      () => null,
      (error: unknown) => error as { type?: string; nonRetryable?: boolean },
    );
    expect(failure).toMatchObject({ type: NON_RETRYABLE.invalidMismo, nonRetryable: true });
    expect(await mismoBucket(stack.database.db).find({ 'metadata.call_id': input.callId }).toArray()).toEqual([]);
  });
});
