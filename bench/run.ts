/** `npm run bench -- <name> [options]`: runs one benchmark; each prints its figures and its baseline. */
import * as help from './help';
import * as ingest from './ingest';
import * as pii from './pii';
import * as pipeline from './pipeline';
import * as quality from './quality';
import * as reads from './reads';
import * as scaling from './scaling';
import * as search from './search';
import * as webhooks from './webhooks';

const BENCHMARKS: Record<string, { main(argv: string[]): Promise<void> }> = {
  help,
  ingest,
  pii,
  pipeline,
  quality,
  reads,
  scaling,
  search,
  webhooks,
};

async function run(): Promise<void> {
  const [name, ...argv] = process.argv.slice(2);
  const benchmark = name ? BENCHMARKS[name] : undefined;
  if (!benchmark) {
    process.stderr.write(`usage: npm run bench -- <${Object.keys(BENCHMARKS).join('|')}> [options]\n`);
    process.exit(2);
  }
  await benchmark.main(argv);
}

run().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
