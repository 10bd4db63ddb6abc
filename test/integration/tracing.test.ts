import { freePort, type ManagedProcess } from '../../scripts/stack';
import { describeWithStack, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { startRestProcess, startWorkerProcess } from '../support/processes';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import { waitFor } from '../support/wait';

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
}

/**
 * OpenTelemetry traces from the real entrypoints (REST API and worker processes) to an OTLP/HTTP
 * receiver in the test: one upload is one trace from the API request through the workflows to each
 * activity and its outbound request (`traceparent` at the recording server), and the API's log
 * lines name the trace.
 */
describeWithStack('OpenTelemetry traces from an API request to the workflow, its activities and outbound calls', () => {
  let stack: TestStack;
  let collector: LocalServer;
  let recordings: LocalServer;
  const spans: ReceivedSpan[] = [];
  const recordingTraceparents: string[] = [];
  const output: string[] = [];
  const processes: ManagedProcess[] = [];

  beforeAll(async () => {
    collector = await startLocalServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: {
            resource: { attributes: { key: string; value: { stringValue?: string } }[] };
            scopeSpans: { spans: Omit<ReceivedSpan, 'service'>[] }[];
          }[];
        };
        for (const resource of body.resourceSpans) {
          const service =
            resource.resource.attributes.find((attribute) => attribute.key === 'service.name')?.value.stringValue ?? '';
          for (const scope of resource.scopeSpans)
            for (const span of scope.spans)
              spans.push({
                service,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
              });
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    recordings = await startLocalServer((req, res) => {
      recordingTraceparents.push(String(req.headers.traceparent ?? ''));
      res.writeHead(404).end('not here');
    });
    stack = await startTestStack(testConfig({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }), { workers: false });
  });
  afterAll(async () => {
    for (const process of processes) await process.stop();
    await stack?.close();
    await recordings?.close();
    await collector?.close();
  });

  test('an upload is one trace: API span → workflows → activities → the recording request', async () => {
    const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' };
    const port = await freePort();
    processes.push(await startRestProcess(stack.config, port, output, { ...tracing, LOG_LEVEL: 'info' }));
    processes.push(startWorkerProcess(stack.config, 'call-processing', output, tracing));
    const { key } = await seedTenant(stack.database);
    const restUrl = `http://127.0.0.1:${port}/api/v1`;
    const created = await api({ baseUrl: restUrl }, key, 'POST', '/calls/upload/batch', {
      calls: [
        {
          audio_url: `${recordings.url}/calls/missing.wav`,
          recorded_at: '2026-03-10T15:04:00-05:00',
          agent_name: 'Sarah Miller',
          agent_email: 'sarah.miller@acme-lending.example',
        },
      ],
    });
    expect(created.status).toBe(202);
    const callId = created.body.data.calls[0].call_id as string;
    await waitFor('the call to fail on its 404 recording', async () =>
      (await api({ baseUrl: restUrl }, key, 'GET', `/calls/${callId}`)).body.data.status === 'failed'
        ? true
        : undefined,
    );

    const request = await waitFor('the API request span', async () =>
      spans.find((span) => span.name === 'POST /api/v1/calls/upload/batch'),
    );
    expect(request.service).toBe('call-intelligence-rest');
    const inTrace = (name: string) =>
      waitFor(`span ${name} in the request's trace`, async () =>
        spans.find((span) => span.traceId === request.traceId && span.name === name),
      );
    const start = await inTrace('StartWorkflow:ingestBatch');
    expect(start.parentSpanId).toBe(request.spanId);
    const batch = await inTrace('RunWorkflow:ingestBatch');
    expect(batch.service).toBe('call-intelligence-worker');
    const call = await inTrace('RunWorkflow:processCall');
    const fetch = await inTrace('RunActivity:fetchRecording');
    expect([batch, call, fetch].every((span) => span.traceId === request.traceId)).toBe(true);
    // The recording download carried the trace to the recording's server.
    expect(recordingTraceparents.some((header) => header.split('-')[1] === request.traceId)).toBe(true);
    // The API's log lines inside the request name the trace.
    expect(output.some((line) => line.includes(`"trace_id":"${request.traceId}"`))).toBe(true);
  }, 120_000);
});
