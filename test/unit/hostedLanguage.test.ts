import { ApplicationFailure } from '@temporalio/activity';
import type http from 'node:http';
import { runLanguage } from '../../activities/languageCall';
import { AnthropicChatClient, OpenAiChatClient } from '../../activities/language/hosted/chatClients';
import { ChatModelEngine, MODEL_OUTPUT_ATTEMPTS, valueOfType } from '../../activities/language/hosted/chatModel';
import { createLanguageEngine } from '../../activities/language/createLanguageEngine';
import { loadConfig } from '../../lib/config';
import { MORTGAGE_LEAD_DATASET } from '../../lib/datasets';
import { DEFAULT_SCORECARD_TEMPLATE } from '../../lib/scorecardTemplates';
import { callTextOf } from '../support/callFixtures';
import { startLocalServer, type LocalServer } from '../support/httpServer';

/**
 * The hosted providers against local servers that speak their wire formats (Anthropic Messages,
 * OpenAI chat completions): requests are checked, answers scripted per task.
 */
const TEXT = callTextOf(
  [
    { speaker: 'agent', text: 'Hi, this is Sarah Miller from Acme Lending. Am I speaking with John Smith?' },
    { speaker: 'customer', text: 'Yes. We want to buy a house for four hundred fifty thousand dollars.' },
    { speaker: 'agent', text: 'This call is recorded. I will email you the checklist today.' },
    { speaker: 'agent', text: 'Can we talk next Tuesday at three pm?' },
  ],
  { recorded_at: '2026-03-10T15:04:00-05:00', agentName: 'Sarah Miller', agentEmail: 'sarah@acme.example' },
);

const ANSWERS: Record<string, unknown> = {
  Summarize: {
    text: 'John wants to buy a house.',
    key_points: ['Price $450,000'],
    outcome: 'Next steps agreed',
    next_steps: ['Checklist today'],
  },
  Score: {
    criteria: [
      { id: 'greeting_and_identification', score: 1, segments: [0] },
      { id: 'recording_disclosure', score: 1, segments: [2] },
      { id: 'needs_discovery', score: 0, segments: [] },
      { id: 'next_steps_agreed', score: 1, segments: [2, 3, 99] },
    ],
  },
  Extract: {
    fields: [
      { name: 'borrower_first_name', value: 'John', segments: [0] },
      { name: 'borrower_last_name', value: 'Smith', segments: [0] },
      { name: 'purchase_price', value: '$450,000', segments: [1] },
      { name: 'loan_purpose', value: 'Purchase', segments: [1] },
      { name: 'occupancy', value: 'Castle', segments: [1] },
      { name: 'borrower_phone', value: '(415) 555-0123', segments: [] },
    ],
  },
  Decide: { is_lending_call: true, reasons: ['buying a house with a loan', 'purchase price discussed'] },
  'List the tasks': {
    customer_email: 'John.Smith@Example.com',
    tasks: [{ text: 'Email the checklist to John Smith', owner: 'agent', due_date: '2026-03-10', segments: [2] }],
    appointments: [{ title: 'Review', start: '2026-03-17T20:00:00Z', end: '2026-03-17T20:30:00Z', segments: [3] }],
  },
};

interface Captured {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** A server answering per task; `badFirst` tasks get prose first (the engine must ask again). */
async function modelServer(
  format: 'anthropic' | 'openai',
  options: { badFirst?: string[]; alwaysBad?: boolean; status?: number } = {},
) {
  const requests: Captured[] = [];
  const seen = new Map<string, number>();
  const server = await startLocalServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw);
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      if (options.status) {
        res.writeHead(options.status, { 'Content-Type': 'application/json' });
        return void res.end(
          JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }),
        );
      }
      const firstUser = body.messages.find((message: { role: string }) => message.role === 'user').content as string;
      const task = Object.keys(ANSWERS).find((prefix) => firstUser.startsWith(prefix))!;
      const count = (seen.get(task) ?? 0) + 1;
      seen.set(task, count);
      const bad = options.alwaysBad || (options.badFirst?.includes(task) && count === 1);
      const text = bad
        ? 'Sure! Here is what I found: the customer wants a house.'
        : `\`\`\`json\n${JSON.stringify(ANSWERS[task])}\n\`\`\``;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          format === 'anthropic'
            ? {
                id: 'msg_1',
                type: 'message',
                role: 'assistant',
                model: body.model,
                content: [{ type: 'text', text }],
                stop_reason: 'end_turn',
                stop_sequence: null,
                usage: { input_tokens: 100, output_tokens: 50 },
              }
            : {
                id: 'chatcmpl-1',
                object: 'chat.completion',
                created: 1,
                model: body.model,
                choices: [
                  { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop', logprobs: null },
                ],
                usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
              },
        ),
      );
    });
  });
  return { server, requests };
}

function engineFor(format: 'anthropic' | 'openai', server: LocalServer) {
  const options = { apiKey: 'test-key', model: 'test-model', timeoutMs: 5_000, maxTokens: 1024 };
  return new ChatModelEngine(
    format === 'anthropic'
      ? new AnthropicChatClient({ ...options, baseUrl: server.url })
      : new OpenAiChatClient({ ...options, baseUrl: `${server.url}/v1` }),
  );
}

describe.each(['anthropic', 'openai'] as const)('the %s provider', (format) => {
  let model: Awaited<ReturnType<typeof modelServer>> | undefined;
  afterEach(async () => model?.server.close());

  test('speaks the wire format, validates JSON, resolves evidence from segment numbers, asks again after invalid output', async () => {
    model = await modelServer(format, { badFirst: ['Extract'] });
    const engine = engineFor(format, model.server);

    const summary = await engine.summarize(TEXT);
    expect(summary).toEqual(ANSWERS.Summarize);

    const scorecard = await engine.score(DEFAULT_SCORECARD_TEMPLATE, TEXT);
    expect(scorecard.total).toEqual({ score: 3, max_score: 4, percentage: 75 });
    const nextSteps = scorecard.criteria.find((criterion) => criterion.id === 'next_steps_agreed')!;
    // Segment 99 does not exist: dropped. Quotes are the transcript's words, with their times.
    expect(nextSteps.evidence).toEqual([
      { quote: 'This call is recorded. I will email you the checklist today.', start: 10, end: 14, speaker: 'agent' },
      { quote: 'Can we talk next Tuesday at three pm?', start: 15, end: 19, speaker: 'agent' },
    ]);

    const extraction = await engine.extract(MORTGAGE_LEAD_DATASET, TEXT);
    expect(extraction.data).toEqual({
      borrower_first_name: 'John',
      borrower_last_name: 'Smith',
      purchase_price: 450000,
      loan_purpose: 'Purchase',
      borrower_phone: '+14155550123',
    });
    expect(extraction.evidence.borrower_phone).toEqual([]);
    expect(extraction.missing_required).toEqual([]);

    const actions = await engine.detectActions(TEXT);
    expect(actions.tasks).toEqual([
      expect.objectContaining({ text: 'Email the checklist to John Smith', owner: 'agent', due: '2026-03-10' }),
    ]);
    expect(actions.appointments[0]).toMatchObject({
      start: '2026-03-17T15:00:00-05:00',
      end: '2026-03-17T15:30:00-05:00',
      attendees: [
        { name: 'Sarah Miller', email: 'sarah@acme.example', phone: null },
        // The customer's address as the model heard it, normalized.
        { name: 'John Smith', email: 'john.smith@example.com', phone: null },
      ],
    });

    // The lending decision is the configured engine's, with its reasons.
    expect(await engine.classifyLending(TEXT)).toEqual({
      lending: true,
      reasons: ['buying a house with a loan', 'purchase price discussed'],
    });

    // The wire: one request per task, plus the repeated extraction with the problem explained.
    expect(model.requests).toHaveLength(6);
    const first = model.requests[0]!;
    if (format === 'anthropic') {
      expect(first.path).toBe('/v1/messages');
      // @anthropic-ai/sdk 1.x sends the key as a bearer token (0.x used x-api-key).
      expect(first.headers.authorization ?? `Bearer ${first.headers['x-api-key']}`).toBe('Bearer test-key');
      expect(first.headers['anthropic-version']).toBeTruthy();
      expect(first.body).toMatchObject({ model: 'test-model', max_tokens: 1024 });
      expect(first.body.system).toContain('JSON Schema');
    } else {
      expect(first.path).toBe('/v1/chat/completions');
      expect(first.headers.authorization).toBe('Bearer test-key');
      expect(first.body).toMatchObject({
        model: 'test-model',
        temperature: 0,
        response_format: { type: 'json_object' },
      });
      expect(first.body.messages[0]).toMatchObject({ role: 'system' });
    }
    const retried = model.requests[3]!.body.messages;
    expect(retried.at(-2)).toEqual({ role: 'assistant', content: expect.stringContaining('Sure!') });
    expect(retried.at(-1).content).toMatch(/^That was not valid: /);
    expect(JSON.stringify(model.requests[0]!.body)).toContain('[1] customer 5.0-9.0s: Yes. We want to buy a house');
  });

  test(`output invalid ${MODEL_OUTPUT_ATTEMPTS} times fails the stage at once, with the reason`, async () => {
    model = await modelServer(format, { alwaysBad: true });
    const engine = engineFor(format, model.server);
    const failure = await runLanguage(() => engine.summarize(TEXT)).catch((error) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'InvalidModelOutput', nonRetryable: true });
    expect(failure.message).toMatch(
      new RegExp(`returned invalid output ${MODEL_OUTPUT_ATTEMPTS} times: the answer contains no JSON object`),
    );
    expect(model.requests).toHaveLength(MODEL_OUTPUT_ATTEMPTS);
  });

  test('a refused key fails the stage at once (no retry can fix it)', async () => {
    model = await modelServer(format, { status: 401 });
    const failure = await runLanguage(() => engineFor(format, model!.server).summarize(TEXT)).catch((error) => error);
    expect(failure).toMatchObject({ type: 'LanguageModelRejected', nonRetryable: true });
    expect(failure.message).toMatch(/HTTP 401/);
    expect(model.requests).toHaveLength(1);
  });
});

describe('model values are checked by field type', () => {
  const field = (type: any, options?: string[]) => ({ name: 'f', type, description: '', required: false, options });
  test.each([
    [field('money'), '$1,250.5', 1250.5],
    [field('number'), 'lots', null],
    [field('date'), '2026-03-17', '2026-03-17'],
    [field('date'), 'next Tuesday', null],
    [field('enum', ['A', 'B']), 'C', null],
    [field('email'), 'Jo@Example.com', 'jo@example.com'],
    [field('phone'), '415 555 0123', '+14155550123'],
    [field('phone'), '12', null],
    [field('boolean'), 'yes', null],
    [field('address'), { line: '1 Main St', city: 'Austin', state: 'Texas' }, null],
    [
      field('address'),
      { line: '1 Main St', city: 'Austin', state: 'TX' },
      { line: '1 Main St', city: 'Austin', state: 'TX', postal_code: null },
    ],
  ])('%o ← %o', (definition, value, expected) => {
    expect(valueOfType(definition, value)).toEqual(expected);
  });
});

describe('choosing the engine (LANGUAGE_PROVIDER)', () => {
  test('embedded by default; a hosted provider needs its key', () => {
    expect(createLanguageEngine(loadConfig({})).name).toBe('embedded');
    expect(() => createLanguageEngine(loadConfig({ LANGUAGE_PROVIDER: 'anthropic' }))).toThrow(
      'LANGUAGE_PROVIDER=anthropic needs ANTHROPIC_API_KEY',
    );
    expect(createLanguageEngine(loadConfig({ LANGUAGE_PROVIDER: 'openai', OPENAI_API_KEY: 'k' })).name).toBe('openai');
  });
});
