import { loadCallText } from '../../activities/callTranscript';
import { connectDatabase, type Database } from '../../lib/mongo';
import { describeWithStack, testConfig } from '../support/env';
import { insertCalls, insertScriptTranscript, makeCall } from '../support/seed';

/** The language stages of one call share one reading of it; a new transcript is read anew. */
describeWithStack('the call text is built once for the stages of one call', () => {
  let database: Database;
  beforeAll(async () => {
    database = await connectDatabase(testConfig());
  });
  afterAll(async () => {
    await database?.db.dropDatabase().catch(() => undefined);
    await database?.close();
  });

  test('the same transcript and facts give the same call text; another transcript another one', async () => {
    const call = makeCall('org_text', { _id: 'call_text_once' });
    await insertCalls(database, [call]);
    await insertScriptTranscript(database, call, [
      { speaker: 'agent', text: 'Hi, this is Sarah from Acme Lending. How can I help?' },
      { speaker: 'customer', text: 'I would like to refinance my mortgage.' },
    ]);
    const input = { orgId: call.org_id, callId: call._id };
    const [first, second] = await Promise.all([
      loadCallText(database.collections, input),
      loadCallText(database.collections, input),
    ]);
    expect(first.text.sentences.length).toBeGreaterThan(0);
    expect(second.text).toBe(first.text);

    await database.collections.transcripts.deleteOne({ _id: call._id });
    await insertScriptTranscript(database, call, [{ speaker: 'agent', text: 'Hello, this is a different call.' }]);
    const third = await loadCallText(database.collections, input);
    expect(third.text).not.toBe(first.text);
    expect(third.text.sentences.map((sentence) => sentence.text).join(' ')).toContain('different call');
  });
});
