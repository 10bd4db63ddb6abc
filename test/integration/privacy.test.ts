import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { scriptSegments } from '../support/callFixtures';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { createAudioRedactionActivities } from '../../activities/audioRedaction';
import { recordingFileId, recordingsBucket } from '../../lib/mongo';
import { makeWav } from '../support/audio';
import { encryptSecret } from '../../lib/secrets';
import { createApiKey, createUser } from '../../lib/tenancy';
import { ensureRetentionSchedule } from '../../lib/workflowStarts';
import { RETENTION_SCHEDULE_ID, taskQueues } from '../../lib/temporal';
import type { ContactDoc, Role } from '../../lib/documents';
import { describeWithStack, testConfig } from '../support/env';
import { insertCalls, insertScriptTranscript, makeCall } from '../support/seed';
import { api, callActivitiesOf, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import { waitFor } from '../support/wait';
import { withoutProductIds } from '../support/productIds';

const SSN_SPOKEN = 'five three one, two two, eight four four zero';
const CARD = '4111 1111 1111 1111';

describeWithStack('privacy: redaction, reveals, erasure, retention and the audit log', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function keyFor(orgId: string, role: Role): Promise<string> {
    const user = await createUser(stack.database.collections, {
      orgId,
      email: `${role}-${Math.random().toString(36).slice(2)}@example.com`,
      name: role,
      role,
    });
    return (await createApiKey(stack.database.collections, { orgId, userId: user._id, name: role })).key;
  }

  /**
   * Every document of every collection (GridFS chunks as text) that contains one of `needles`;
   * inside the product's own ids too unless `outsideProductIds` (a value such as "8440" can occur
   * in a hashed id by chance; an id looked for cannot).
   */
  async function documentsContaining(needles: string[], { outsideProductIds = false } = {}): Promise<string[]> {
    const found: string[] = [];
    for (const { name } of await stack.database.db.listCollections({}, { nameOnly: true }).toArray()) {
      for await (const document of stack.database.db.collection(name).find({})) {
        const text =
          name.endsWith('.chunks') && document.data
            ? Buffer.from(document.data.buffer ?? document.data).toString('latin1')
            : outsideProductIds
              ? withoutProductIds(JSON.stringify(document))
              : JSON.stringify(document);
        for (const needle of needles)
          if (text.includes(needle)) found.push(`${name}/${String(document._id)}: ${needle}`);
      }
    }
    return found;
  }

  /** A transcript as the transcription stage leaves it for redaction: sealed. */
  async function insertRecognizedTranscript(
    orgId: string,
    callId: string,
    turns: { speaker: 'agent' | 'customer'; text: string }[],
  ) {
    await stack.database.collections.transcripts.insertOne({
      _id: callId,
      org_id: orgId,
      call_id: callId,
      language: 'en',
      segments: [],
      redaction_state: 'pending',
      pending_sealed: encryptSecret(stack.config.SECRETS_ENCRYPTION_KEY, JSON.stringify(scriptSegments(turns))),
      created_at: new Date(),
    });
  }

  test('the redaction stage runs before every reader: no stored output or event carries a redacted value', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const orgId = organization._id;
    const policy = await api(stack, key, 'PATCH', '/privacy/policy', { keep_originals: true });
    expect(policy.status).toBe(200);
    expect(policy.body.data).toMatchObject({ keep_originals: true, version: 1 });
    expect(policy.body.data.redact_types).toEqual(
      expect.arrayContaining(['ssn', 'card_number', 'bank_account', 'routing_number', 'date_of_birth']),
    );

    const call = makeCall(orgId, { status: 'processing' });
    await insertCalls(stack.database, [call]);
    await insertRecognizedTranscript(orgId, call._id, [
      { speaker: 'agent', text: 'Before we run the pre-approval, can I get your social security number?' },
      { speaker: 'customer', text: `Sure, it's ${SSN_SPOKEN}.` },
      { speaker: 'agent', text: 'And the card for the appraisal fee?' },
      { speaker: 'customer', text: `It's ${CARD}. I was born March third, nineteen eighty.` },
      { speaker: 'agent', text: 'Thanks. I will email you the disclosures today and call you Tuesday at 3 pm.' },
    ]);
    const activities = callActivitiesOf(stack);
    const input = { orgId, callId: call._id };
    // Before redaction no stage can read the text.
    await expect(activities.summarizeCall(input)).rejects.toThrow(/not been redacted/);
    expect(await activities.redactCall(input)).toEqual({
      redacted: { ssn: 1, card_number: 1, date_of_birth: 1 },
      silenceAudio: false,
    });
    expect(await activities.redactCall(input)).toEqual({
      redacted: { ssn: 1, card_number: 1, date_of_birth: 1 },
      silenceAudio: false,
    });
    await activities.summarizeCall(input);
    await activities.scoreCall(input);
    await activities.extractCallData(input);
    await activities.detectCallActions(input);
    await stack.database.collections.calls.updateOne({ _id: call._id }, { $set: { status: 'completed' } });
    await activities.emitCallCompleted(input);

    const detail = await api(stack, key, 'GET', `/calls/${call._id}`);
    expect(detail.status).toBe(200);
    const said = detail.body.data.transcript.segments.map((segment: { text: string }) => segment.text).join(' ');
    expect(said).toContain('[SSN]');
    expect(said).toContain('[CARD_NUMBER]');
    expect(said).toContain('[DATE_OF_BIRTH]');
    expect(detail.body.data.transcript.redactions.map((r: { type: string }) => r.type)).toEqual([
      'ssn',
      'card_number',
      'date_of_birth',
    ]);
    expect(
      await documentsContaining(['eight four four zero', '8440', '4111', 'nineteen eighty'], {
        outsideProductIds: true,
      }),
    ).toEqual([]);

    // Originals: only pii:read reveals them, and every reveal is audited with its reason.
    const manager = await keyFor(orgId, 'manager');
    expect((await api(stack, manager, 'POST', `/calls/${call._id}/pii-reveals`, { reason: 'dispute' })).status).toBe(
      403,
    );
    const missingReason = await api(stack, key, 'POST', `/calls/${call._id}/pii-reveals`, {});
    expect(missingReason.status).toBe(400);
    expect(JSON.stringify(missingReason.body)).toContain('reason');
    const revealed = await api(stack, key, 'POST', `/calls/${call._id}/pii-reveals`, {
      reason: 'customer dispute #88',
    });
    expect(revealed.status).toBe(200);
    expect(revealed.body.data.segments.map((s: { text: string }) => s.text).join(' ')).toContain(SSN_SPOKEN);
    const audit = await api(stack, key, 'GET', `/audit-events?action=revealCallPii`);
    expect(audit.status).toBe(200);
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({
      action: 'revealCallPii',
      target: { type: 'call', id: call._id },
      details: { reason: 'customer dispute #88' },
      actor: { type: 'api_key' },
    });
    const policyChange = await api(stack, key, 'GET', `/audit-events?action=updatePrivacyPolicy`);
    expect(policyChange.body.data[0].details).toMatchObject({ change: { keep_originals: true }, version: 1 });
    expect((await api(stack, manager, 'GET', '/audit-events')).status).toBe(403);
    expect((await api(stack, manager, 'PATCH', '/privacy/policy', { redact_audio: true })).status).toBe(403);
  });

  test('a type added to the policy is redacted in past calls by the applyPrivacyPolicy workflow', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const orgId = organization._id;
    const phone = '737-555-0186';
    const call = makeCall(orgId, { status: 'processing' });
    await insertCalls(stack.database, [call]);
    await insertRecognizedTranscript(orgId, call._id, [
      { speaker: 'agent', text: 'What is the best number to reach you on?' },
      { speaker: 'customer', text: `My cell is ${phone}, any time after four.` },
      { speaker: 'agent', text: 'Great, I will call you on that number to schedule the appraisal.' },
    ]);
    const activities = callActivitiesOf(stack);
    const input = { orgId, callId: call._id };
    // The default policy leaves phone numbers.
    expect(await activities.redactCall(input)).toEqual({ redacted: {}, silenceAudio: false });
    await activities.summarizeCall(input);
    await activities.detectCallActions(input);
    await stack.database.collections.calls.updateOne({ _id: call._id }, { $set: { status: 'completed' } });
    await activities.emitCallCompleted(input);
    expect(await documentsContaining([phone])).not.toEqual([]);

    const unchanged = await api(stack, key, 'PATCH', '/privacy/policy', { keep_originals: true });
    expect(unchanged.body.data.reapply_workflow_id).toBeNull();
    const types = unchanged.body.data.redact_types as string[];
    const changed = await api(stack, key, 'PATCH', '/privacy/policy', { redact_types: [...types, 'phone'] });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ version: 2, reapply_workflow_id: `privacy-policy-${orgId}-v2` });
    const result = await stack.temporal.client.workflow.getHandle(changed.body.data.reapply_workflow_id).result();
    expect(result).toEqual({ calls: 1, changed: 1 });

    const detail = await api(stack, key, 'GET', `/calls/${call._id}`);
    const said = detail.body.data.transcript.segments.map((segment: { text: string }) => segment.text).join(' ');
    expect(said).toContain('My cell is [PHONE]');
    expect(await documentsContaining([phone, '555-0186'], { outsideProductIds: true })).toEqual([]);
    // The original is revealable (the policy keeps originals) and the change is audited.
    const revealed = await api(stack, key, 'POST', `/calls/${call._id}/pii-reveals`, { reason: 'check' });
    expect(revealed.body.data.segments.map((s: { text: string }) => s.text).join(' ')).toContain(phone);
    const audit = await api(stack, key, 'GET', '/audit-events?action=updatePrivacyPolicy');
    expect(audit.body.data[0].details).toMatchObject({ reapply_workflow_id: changed.body.data.reapply_workflow_id });
    // A second pass finds nothing new.
    const again = await stack.temporal.client.workflow.execute('applyPrivacyPolicy', {
      workflowId: `privacy-policy-${orgId}-again`,
      taskQueue: taskQueues.callProcessing,
      args: [{ orgId, version: 2 }],
    });
    expect(again).toEqual({ calls: 1, changed: 0 });
  });

  const audioMissing = process.env.AUDIO_PYTHON ? null : 'AUDIO_PYTHON is not set (the tool bootstrap did not run)';
  if (audioMissing) process.stderr.write(`[skipped] audio redaction test: ${audioMissing}\n`);
  (audioMissing ? test.skip : test)(
    'audio redaction silences the recording where a value was said; the original is kept sealed, then erased with the call',
    async () => {
      const { organization, key } = await seedTenant(stack.database);
      const orgId = organization._id;
      expect(
        (await api(stack, key, 'PATCH', '/privacy/policy', { redact_audio: true, keep_originals: true })).status,
      ).toBe(200);
      const call = makeCall(orgId, {
        recording_file_id: recordingFileId('call_audio_redact'),
        _id: 'call_audio_redact',
      });
      await insertCalls(stack.database, [call]);
      await pipeline(
        Readable.from([makeWav(4, 8000)]),
        recordingsBucket(stack.database.db).openUploadStreamWithId(call.recording_file_id as never, 'r.wav', {
          metadata: { org_id: orgId, content_type: 'audio/wav' },
        }),
      );
      await stack.database.collections.transcripts.insertOne({
        _id: call._id,
        org_id: orgId,
        call_id: call._id,
        language: 'en',
        segments: [],
        redaction_state: 'pending',
        pending_sealed: encryptSecret(
          stack.config.SECRETS_ENCRYPTION_KEY,
          JSON.stringify([
            {
              speaker: 'customer',
              start: 0.5,
              end: 2.5,
              text: 'My social is 531-22-8440.',
              confidence: 0.9,
              words: [
                { start: 0.5, end: 0.7, text: ' My' },
                { start: 0.7, end: 1.0, text: ' social' },
                { start: 1.0, end: 1.2, text: ' is' },
                { start: 1.4, end: 2.4, text: ' 531-22-8440.' },
              ],
            },
          ]),
        ),
        created_at: new Date(),
      });
      const input = { orgId, callId: call._id };
      expect(await callActivitiesOf(stack).redactCall(input)).toEqual({ redacted: { ssn: 1 }, silenceAudio: true });
      const audio = createAudioRedactionActivities({
        db: stack.database.db,
        collections: stack.database.collections,
        config: stack.config,
      });
      const quiet = new DefaultLogger('ERROR');
      const outcome = (await new MockActivityEnvironment({}, { logger: quiet }).run(
        audio.silenceRedactedAudio,
        input,
      )) as {
        silencedSeconds: number;
      };
      expect(outcome.silencedSeconds).toBeCloseTo(1.3, 1);
      // A retry after the work is done changes nothing.
      expect(await new MockActivityEnvironment({}, { logger: quiet }).run(audio.silenceRedactedAudio, input)).toEqual({
        silencedSeconds: 0,
      });

      const stored = (await stack.database.collections.calls.findOne({ _id: call._id }))!;
      expect(stored.recording_file_id).toBe(`${call.recording_file_id}_redacted`);
      expect(stored.original_recording_file_id).toBe(`${call.recording_file_id}_original_sealed`);
      const files = await recordingsBucket(stack.database.db).find({ 'metadata.org_id': orgId }).toArray();
      expect(files.map((file) => String(file._id)).sort()).toEqual(
        [stored.recording_file_id, stored.original_recording_file_id].sort(),
      );
      const download = await fetch(`${stack.baseUrl}/calls/${call._id}/recording`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      const wav = Buffer.from(await download.arrayBuffer());

      // The original, decrypted for pii:read only, with the reason in the audit log.
      const manager = await keyFor(orgId, 'manager');
      const reveal = (apiKey: string, body: unknown) =>
        fetch(`${stack.baseUrl}/calls/${call._id}/recording-reveals`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await reveal(manager, { reason: 'dispute 41' })).status).toBe(403);
      expect((await reveal(key, {})).status).toBe(400);
      const original = await reveal(key, { reason: 'dispute 41' });
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe('audio/wav');
      expect(Buffer.from(await original.arrayBuffer()).equals(makeWav(4, 8000))).toBe(true);
      const revealed = await api(stack, key, 'GET', '/audit-events?action=revealCallRecording');
      expect(revealed.body.data[0]).toMatchObject({ target: { id: call._id }, details: { reason: 'dispute 41' } });
      const sampleAt = (seconds: number) => Math.abs(wav.readInt16LE(44 + Math.floor(seconds * 8000) * 2));
      const loudest = (from: number, to: number) => {
        let peak = 0;
        for (let t = from; t < to; t += 1 / 8000) peak = Math.max(peak, sampleAt(t));
        return peak;
      };
      expect(loudest(1.3, 2.5)).toBe(0);
      expect(loudest(0.2, 1.1)).toBeGreaterThan(1000);
      expect(loudest(2.7, 3.9)).toBeGreaterThan(1000);

      const erased = await api(stack, key, 'DELETE', `/calls/${call._id}`);
      await waitFor('the call erasure', async () =>
        (await api(stack, key, 'GET', `/erasures/${erased.body.data.erasure_id}`)).body.data.status === 'completed'
          ? true
          : undefined,
      );
      expect(await recordingsBucket(stack.database.db).find({ 'metadata.org_id': orgId }).toArray()).toEqual([]);
    },
  );

  test('the policy refuses unknown types and periods, naming the field; nothing changes', async () => {
    const { key } = await seedTenant(stack.database);
    for (const body of [{ redact_types: ['ssn', 'passport'] }, { retention: { calls_days: 0 } }, {}, { keep: true }]) {
      const answer = await api(stack, key, 'PATCH', '/privacy/policy', body);
      expect(answer.status).toBe(400);
    }
    const bad = await api(stack, key, 'PATCH', '/privacy/policy', { retention: { calls_days: -3 } });
    expect(JSON.stringify(bad.body.error)).toContain('calls_days');
    expect((await api(stack, key, 'GET', '/privacy/policy')).body.data.version).toBe(0);
  });

  test('the audit log records downloads and changes, and has no route that changes it', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const created = await api(stack, key, 'POST', `/organizations/${organization._id}/api-keys`, { name: 'ci' });
    expect(created.status).toBe(201);
    const call = makeCall(organization._id);
    await insertCalls(stack.database, [call]);
    expect((await api(stack, key, 'GET', `/calls/${call._id}/recording`)).status).toBe(404);
    const log = await api(stack, key, 'GET', '/audit-events?limit=1');
    expect(log.body.data[0]).toMatchObject({ action: 'createApiKey' });
    expect(log.body.pagination.has_more).toBe(false);
    const id = log.body.data[0].audit_event_id;
    for (const method of ['PATCH', 'DELETE', 'PUT']) {
      expect((await api(stack, key, method, `/audit-events/${id}`, {})).status).toBeGreaterThanOrEqual(404);
      expect((await api(stack, key, method, '/audit-events', {})).status).toBe(405);
    }
  });

  test('erasing a contact leaves no document or GridFS chunk with its id, phone or e-mail, and a receipt', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const orgId = organization._id;
    const phone = '+15125550144';
    const email = 'dana.whitfield@example.net';
    const contact: ContactDoc = {
      _id: 'ct_erase_me_0001',
      org_id: orgId,
      name: 'Dana Whitfield',
      names: ['Dana Whitfield'],
      phones: [phone],
      emails: [email],
      crm_ids: { hubspot: '5151' },
      lead_created_at: null,
      created_at: new Date(),
      updated_at: new Date(),
    };
    await stack.database.collections.contacts.insertOne(contact);
    const calls = [0, 1].map((index) =>
      makeCall(orgId, {
        _id: `call_erase_${index}`,
        contact_id: contact._id,
        contact_phone: phone,
        recording_file_id: `rec_erase_${index}`,
        status: 'completed',
      }),
    );
    const kept = makeCall(orgId, { _id: 'call_not_theirs', contact_phone: '+15125550999', status: 'completed' });
    await insertCalls(stack.database, [...calls, kept]);
    for (const call of calls) {
      await insertScriptTranscript(stack.database, call, [
        { speaker: 'customer', text: `Reach me at ${email} or ${phone}.` },
      ]);
      // The recording's bytes name the phone too (a dialer's tag in the file): its chunks must go.
      const upload = recordingsBucket(stack.database.db).openUploadStreamWithId(
        call.recording_file_id as never,
        call._id,
        {
          metadata: { org_id: orgId, content_type: 'audio/wav' },
        },
      );
      await pipeline(Readable.from([Buffer.from(`RIFF....${phone}....`)]), upload);
      await stack.database.collections.tasks.insertOne({
        _id: `task_${call._id}`,
        org_id: orgId,
        call_id: call._id,
        contact_id: contact._id,
        text: `Email ${email} the checklist`,
        owner: 'agent',
        due_date: null,
        status: 'open',
        evidence: [],
        crm_id: null,
        created_at: new Date(),
      });
      await callActivitiesOf(stack).emitCallCompleted({ orgId, callId: call._id });
    }
    expect((await documentsContaining([contact._id, phone, email])).length).toBeGreaterThan(0);

    // A hold stops it; lifting the hold lets it run.
    expect(
      (await api(stack, key, 'POST', `/contacts/${contact._id}/legal-hold`, { reason: 'litigation 22-114' })).status,
    ).toBe(200);
    const refused = await api(stack, key, 'POST', `/contacts/${contact._id}/erase`);
    expect(refused.status).toBe(409);
    expect((await api(stack, key, 'DELETE', `/contacts/${contact._id}/legal-hold`)).status).toBe(200);

    const started = await api(stack, key, 'POST', `/contacts/${contact._id}/erase`);
    expect(started.status).toBe(202);
    const erasureId = started.body.data.erasure_id;
    const receipt = await waitFor('the erasure to complete', async () => {
      const answer = await api(stack, key, 'GET', `/erasures/${erasureId}`);
      return answer.body.data.status === 'completed' ? answer.body.data : undefined;
    });
    expect(receipt.removed).toMatchObject({ calls: 2, transcripts: 2, tasks: 2, recordings: 2, contacts: 1 });
    expect(receipt.removed_call_ids.sort()).toEqual(['call_erase_0', 'call_erase_1']);
    expect(receipt.external_copies).toEqual([
      { system: 'hubspot', kind: 'contact', id: '5151', action: 'listed', error: null },
    ]);
    expect(await documentsContaining([contact._id, phone, email])).toEqual([]);
    expect(await stack.database.collections.calls.findOne({ _id: kept._id })).not.toBeNull();
    // The receipt event is stored (its deliveries go to subscribed endpoints).
    const event = await stack.database.collections.events.findOne({ org_id: orgId, type: 'contact.erased' });
    expect(event?.data).toMatchObject({ erasure_id: erasureId, subject_type: 'contact' });

    // Idempotent: the same request answers the same erasure; another organization sees nothing.
    const again = await api(stack, key, 'POST', `/contacts/${contact._id}/erase`);
    expect(again.status).toBe(202);
    expect(again.body.data.erasure_id).toBe(erasureId);
    const other = await seedTenant(stack.database, 'owner', 'Other');
    expect((await api(stack, other.key, 'GET', `/erasures/${erasureId}`)).status).toBe(404);
  });

  test('DELETE /calls/{id} erases one call; by phone erases the contacts with it', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const call = makeCall(organization._id, {
      _id: 'call_delete_me',
      contact_phone: '+15125550177',
      status: 'completed',
    });
    await insertCalls(stack.database, [call]);
    const deleted = await api(stack, key, 'DELETE', `/calls/${call._id}`);
    expect(deleted.status).toBe(202);
    await waitFor('the call erasure', async () =>
      (await api(stack, key, 'GET', `/erasures/${deleted.body.data.erasure_id}`)).body.data.status === 'completed'
        ? true
        : undefined,
    );
    expect((await api(stack, key, 'GET', `/calls/${call._id}`)).status).toBe(404);
    const byPhone = await api(stack, key, 'POST', '/erasures', { phone: '+15125550177' });
    expect(byPhone.status).toBe(202);
    const neither = await api(stack, key, 'POST', '/erasures', { phone: '+15125550177', email: 'a@example.com' });
    expect(neither.status).toBe(400);
  });

  test('retention deletes exactly what is older than each period at the given time; held calls stay', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const orgId = organization._id;
    expect(
      (await api(stack, key, 'PATCH', '/privacy/policy', { retention: { calls_days: 30, transcripts_days: 7 } }))
        .status,
    ).toBe(200);
    const asOf = new Date('2026-06-01T00:00:00Z');
    const daysBefore = (days: number) => new Date(asOf.getTime() - days * 86_400_000);
    const old = makeCall(orgId, { _id: 'call_ret_old', recorded_at: daysBefore(31), status: 'completed' });
    const held = makeCall(orgId, { _id: 'call_ret_held', recorded_at: daysBefore(40), status: 'completed' });
    const week = makeCall(orgId, { _id: 'call_ret_week', recorded_at: daysBefore(8), status: 'completed' });
    const fresh = makeCall(orgId, { _id: 'call_ret_fresh', recorded_at: daysBefore(6.9), status: 'completed' });
    await insertCalls(stack.database, [old, held, week, fresh]);
    for (const call of [old, held, week, fresh]) {
      await insertScriptTranscript(stack.database, call, [{ speaker: 'agent', text: 'Hello.' }]);
    }
    expect((await api(stack, key, 'POST', `/calls/${held._id}/legal-hold`, { reason: 'audit' })).status).toBe(200);

    const result = await stack.temporal.client.workflow.execute('enforceRetention', {
      workflowId: `retention-test-${orgId}`,
      taskQueue: taskQueues.callProcessing,
      args: [{ asOf: asOf.toISOString() }],
    });
    expect(result).toMatchObject({ calls: 1, transcripts: 1 });
    const { calls, transcripts } = stack.database.collections;
    expect(await calls.findOne({ _id: old._id })).toBeNull();
    expect(await calls.findOne({ _id: held._id })).not.toBeNull();
    expect(await transcripts.findOne({ _id: held._id })).not.toBeNull();
    expect(await transcripts.findOne({ _id: week._id })).toBeNull();
    expect((await calls.findOne({ _id: week._id }))?.transcript_deleted_at).toBeInstanceOf(Date);
    expect(await transcripts.findOne({ _id: fresh._id })).not.toBeNull();
    const audit = await api(stack, key, 'GET', '/audit-events?actor_id=system');
    expect(audit.body.data.map((entry: { action: string }) => entry.action).sort()).toEqual([
      'retention.calls',
      'retention.transcripts',
    ]);

    // The schedule that runs it is one Temporal Schedule, made once.
    expect(['created', 'exists']).toContain(await ensureRetentionSchedule(stack.temporal.client));
    expect(await ensureRetentionSchedule(stack.temporal.client)).toBe('exists');
    const described = await stack.temporal.client.schedule.getHandle(RETENTION_SCHEDULE_ID).describe();
    expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'enforceRetention' });
  });
});
