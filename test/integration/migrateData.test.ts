import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { MongoClient } from 'mongodb';
import { recordingsBucket } from '../../lib/mongo';
import { assertDataDirFits } from '../../scripts/migrateData';
import { freePort, startFerretDb, startSecantus, type ManagedProcess } from '../../scripts/stack';
import { isToolInstalled, REPO_ROOT, toolPath } from '../../scripts/tools';
import { describeNeeding } from '../support/env';

const run = promisify(execFile);

/**
 * `npm run migrate-data` on a data folder an earlier version wrote with FerretDB: everything
 * arrives in SecantusDB (dates, binary GridFS chunks, nested documents), indexes are the current
 * ones, and the old folder is kept under a new name.
 */
describeNeeding(
  'FerretDB (npm run tools)',
  isToolInstalled('ferretdb') && isToolInstalled('secantus') ? null : 'the ferretdb or secantus tool is not installed',
  'npm run migrate-data: an earlier version’s FerretDB data into SecantusDB',
  () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cis-migrate-'));
    const database = 'call_intelligence';
    const recording = randomBytes(600_000);
    const recordedAt = new Date('2026-03-10T15:04:05.123Z');
    const servers: ManagedProcess[] = [];
    afterAll(async () => {
      for (const server of servers) await server.stop();
    });

    const migrate = () =>
      run(process.execPath, ['--require', 'tsx/cjs', 'scripts/migrateData.ts'], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, MONGODB_DB: database },
      });

    test('npm run dev refuses to start beside the earlier data and names the command', async () => {
      const port = await freePort();
      const ferret = await startFerretDb({
        binary: toolPath('ferretdb'),
        port,
        dataDir: path.join(dataDir, 'ferretdb'),
        sink: () => undefined,
      });
      const client = new MongoClient(`mongodb://127.0.0.1:${port}/`);
      try {
        const db = client.db(database);
        await db.collection('calls').insertMany([
          { _id: 'call_1' as never, org_id: 'org_a', recorded_at: recordedAt, metadata: { crm: { id: 7 } } },
          { _id: 'call_2' as never, org_id: 'org_b', recorded_at: recordedAt, tags: ['x', 'y'] },
        ]);
        await db.collection('rate_limit_slots').insertOne({ _id: 'k:1:1' as never, key: 'k' });
        await pipeline(
          Readable.from([recording]),
          recordingsBucket(db).openUploadStreamWithId('rec_call_1' as never, 'call.wav', {
            metadata: { org_id: 'org_a', call_id: 'call_1' },
          }),
        );
      } finally {
        await client.close();
        await ferret.stop();
      }
      expect(() => assertDataDirFits(dataDir)).toThrow(/npm run migrate-data/);
    });

    test('copies every document and recording, creates the indexes, keeps the old folder', async () => {
      const { stdout } = await migrate();
      expect(stdout).toMatch(/counts checked/);
      expect(existsSync(path.join(dataDir, 'ferretdb'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'ferretdb.migrated'))).toBe(true);
      expect(() => assertDataDirFits(dataDir)).not.toThrow();

      const port = await freePort();
      servers.push(
        await startSecantus({
          binary: toolPath('secantus'),
          port,
          dataDir: path.join(dataDir, 'secantus'),
          sink: () => undefined,
        }),
      );
      const client = new MongoClient(`mongodb://127.0.0.1:${port}/`);
      try {
        const db = client.db(database);
        expect(await db.collection('calls').find({}).sort({ _id: 1 }).toArray()).toEqual([
          { _id: 'call_1', org_id: 'org_a', recorded_at: recordedAt, metadata: { crm: { id: 7 } } },
          { _id: 'call_2', org_id: 'org_b', recorded_at: recordedAt, tags: ['x', 'y'] },
        ]);
        const chunks: Buffer[] = [];
        for await (const chunk of recordingsBucket(db).openDownloadStream('rec_call_1' as never)) chunks.push(chunk);
        expect(Buffer.concat(chunks).equals(recording)).toBe(true);
        const indexNames = (await db.collection('calls').indexes()).map((index) => index.name);
        expect(indexNames).toEqual(expect.arrayContaining(['org_recorded', 'org_ingest_key_unique']));
        // Rate-limit windows expire within the hour; they are not carried over.
        expect(await db.listCollections({ name: 'rate_limit_slots' }).toArray()).toEqual([]);
      } finally {
        await client.close();
      }
    });

    test('a second run finds nothing to migrate, and a run beside existing data changes nothing', async () => {
      expect((await migrate()).stdout).toMatch(/nothing to migrate/);
      mkdirSync(path.join(dataDir, 'ferretdb'));
      const refused = await migrate().catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/secantus exists already/) });
      expect(existsSync(path.join(dataDir, 'ferretdb'))).toBe(true);
    });
  },
);
