import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';

/**
 * Histories captured from real runs (test/integration/batchWorkflow.test.ts with
 * UPDATE_REPLAY_HISTORIES=1) must replay against today's workflow code: a change that would
 * break running workflows fails here and needs `patched()`.
 */
const historyFiles = readdirSync(__dirname).filter((file) => file.endsWith('.json'));

describe('stored workflow histories replay against the current workflow code', () => {
  test('the replay set covers processCall and ingestBatch', () => {
    expect(historyFiles.some((file) => file.startsWith('processCall.'))).toBe(true);
    expect(historyFiles.some((file) => file.startsWith('ingestBatch.'))).toBe(true);
  });

  test.each(historyFiles)('%s replays without nondeterminism', async (file) => {
    const history = historyFromJSON(JSON.parse(readFileSync(path.join(__dirname, file), 'utf8')));
    const results = [];
    for await (const result of Worker.runReplayHistories(
      { workflowsPath: require.resolve('../../workflows'), replayName: file },
      [{ history, workflowId: file }],
    )) {
      results.push(result);
    }
    expect(results).toHaveLength(1);
    expect(results[0]!.error).toBeUndefined();
  });
});
