/**
 * `npm run migrate-data`: moves the data of an earlier dev stack (FerretDB 1.24 on SQLite in
 * `DATA_DIR/ferretdb/`) into the embedded SecantusDB (`DATA_DIR/secantus/`). Reads the old folder
 * with FerretDB itself (built on demand by the tool bootstrap), copies every database and
 * collection (recordings and MISMO files included: GridFS is two plain collections), checks the
 * counts, creates the current indexes, and renames the old folder to `ferretdb.migrated/`, which is
 * kept. A failed run removes the half-written target and leaves the old folder as it was.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { MongoClient, type Db, type Document } from 'mongodb';
import { loadConfigOrExit } from '../lib/config';
import { ensureIndexes } from '../lib/mongo';
import { freePort, startFerretDb, startSecantus, type ManagedProcess } from './stack';
import { ensureTools, REPO_ROOT, toolPath } from './tools';

const log = (line: string) => process.stdout.write(`[migrate] ${line}\n`);

/** Databases the server keeps for itself. */
const SYSTEM_DATABASES = new Set(['admin', 'local', 'config']);
/** Collections that hold nothing worth keeping across versions (rate-limit windows expire within an hour). */
const TRANSIENT_COLLECTIONS = new Set(['rate_limit_slots', 'rate_limit_windows']);
const COPY_BATCH = 500;

/**
 * Data of an earlier version's embedded server (FerretDB) is not read by SecantusDB: say what to
 * do instead of starting an empty database beside it (nothing is lost: the old folder stays as it was).
 */
export function assertDataDirFits(dataDir: string): void {
  const earlierDir = path.join(dataDir, 'ferretdb');
  if (existsSync(earlierDir) && !existsSync(path.join(dataDir, 'secantus'))) {
    throw new Error(
      `${earlierDir} holds the data of an earlier version (FerretDB); this version runs SecantusDB. ` +
        'Copy it over with `npm run migrate-data` (the old folder is kept as ferretdb.migrated/), ' +
        `or start fresh by moving ${earlierDir} away. Nothing was changed.`,
    );
  }
}

export interface CopyReport {
  database: string;
  collection: string;
  documents: number;
}

/**
 * Copies every non-system database from `source` to `target`, collection by collection, in
 * batches, and checks that each target collection ends with the source's count. `appDatabase`
 * gets the product's indexes. The target must not hold the product's data yet.
 */
export async function copyAllDatabases(
  source: MongoClient,
  target: MongoClient,
  appDatabase: string,
  progress: (line: string) => void = log,
): Promise<CopyReport[]> {
  const { databases } = await source.db('admin').admin().listDatabases({ nameOnly: true });
  const report: CopyReport[] = [];
  for (const { name: databaseName } of databases) {
    if (SYSTEM_DATABASES.has(databaseName)) continue;
    const from = source.db(databaseName);
    const to = target.db(databaseName);
    const existing = await to.listCollections({}, { nameOnly: true }).toArray();
    if (existing.length > 0) throw new Error(`the target already holds database ${databaseName}; refusing to mix data`);
    for (const { name } of await from.listCollections({}, { nameOnly: true }).toArray()) {
      if (name.startsWith('system.') || TRANSIENT_COLLECTIONS.has(name)) continue;
      report.push({
        database: databaseName,
        collection: name,
        documents: await copyCollection(from, to, name, progress),
      });
    }
  }
  if (databases.some((database) => database.name === appDatabase)) await ensureIndexes(target.db(appDatabase));
  return report;
}

async function copyCollection(from: Db, to: Db, name: string, progress: (line: string) => void): Promise<number> {
  const total = await from.collection(name).countDocuments();
  await to.createCollection(name);
  let copied = 0;
  let batch: Document[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await to.collection(name).insertMany(batch, { ordered: true });
    copied += batch.length;
    batch = [];
    progress(`${from.databaseName}.${name}: ${copied} / ${total}`);
  };
  // In _id order, so a large collection is read as a stable sequence.
  for await (const document of from.collection(name).find({}).sort({ _id: 1 })) {
    batch.push(document);
    if (batch.length === COPY_BATCH) await flush();
  }
  await flush();
  const written = await to.collection(name).countDocuments();
  if (written !== total) {
    throw new Error(`${from.databaseName}.${name}: read ${total} documents but the target holds ${written}`);
  }
  if (total === 0) progress(`${from.databaseName}.${name}: empty`);
  return total;
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const dataDir = path.resolve(REPO_ROOT, config.DATA_DIR);
  const oldDir = path.join(dataDir, 'ferretdb');
  const newDir = path.join(dataDir, 'secantus');
  const keptDir = path.join(dataDir, 'ferretdb.migrated');
  if (!existsSync(oldDir)) {
    log(`nothing to migrate: ${path.relative(REPO_ROOT, oldDir)}/ does not exist`);
    return;
  }
  if (existsSync(newDir)) {
    throw new Error(
      `${newDir} exists already; move it away first if the data in ${oldDir} is the data you want (nothing was changed)`,
    );
  }
  if (existsSync(keptDir)) throw new Error(`${keptDir} exists already; move it away first (nothing was changed)`);

  ensureTools(['ferretdb', 'secantus'], log);
  const started: ManagedProcess[] = [];
  let finished = false;
  try {
    const [ferretPort, secantusPort] = [await freePort(), await freePort()];
    log(`reading ${path.relative(REPO_ROOT, oldDir)}/ with FerretDB on 127.0.0.1:${ferretPort}`);
    started.push(await startFerretDb({ binary: toolPath('ferretdb'), port: ferretPort, dataDir: oldDir, sink: log }));
    log(`writing ${path.relative(REPO_ROOT, newDir)}/ with SecantusDB on 127.0.0.1:${secantusPort}`);
    started.push(
      await startSecantus({ binary: toolPath('secantus'), port: secantusPort, dataDir: newDir, sink: () => undefined }),
    );
    const source = new MongoClient(`mongodb://127.0.0.1:${ferretPort}/`);
    const target = new MongoClient(`mongodb://127.0.0.1:${secantusPort}/`);
    try {
      const report = await copyAllDatabases(source, target, config.MONGODB_DB);
      const documents = report.reduce((sum, row) => sum + row.documents, 0);
      log(`copied ${documents} documents in ${report.length} collections; counts checked`);
    } finally {
      await source.close();
      await target.close();
    }
    finished = true;
  } finally {
    for (const server of started.reverse()) await server.stop();
    // Nothing half-written: without a finished copy the new folder goes and the old one stays.
    if (!finished) rmSync(newDir, { recursive: true, force: true });
  }
  renameSync(oldDir, keptDir);
  log(
    `done: ${path.relative(REPO_ROOT, oldDir)}/ is kept as ${path.relative(REPO_ROOT, keptDir)}/; npm run dev now uses the new data`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`[migrate] failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
