// Crash durability (issue 16 item 2; docs/crash-durability.md): `npm run bench:crash -- [--kills 100]
// [--seed N]`. Builds nothing: run `npm run build -w apps/server` first, it starts the built server.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runCrashLoop, summaryTable } from '../apps/server/test/durability/crash-loop.js';

const { values } = parseArgs({
  options: { kills: { type: 'string', default: '100' }, seed: { type: 'string', default: '1' } },
});
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadBefore = load();
const summary = await runCrashLoop({
  kills: Number(values.kills),
  seed: Number(values.seed),
  port: 18390,
  build: 'dist',
  log: (line) => console.log(line),
});
console.log(`\nseed ${values.seed}; load average at start ${loadBefore}, at end ${load()}\n`);
console.log(summaryTable(summary));
for (const failure of summary.failures) console.log(`- ${failure}`);
process.exitCode = summary.failures.length > 0 ? 1 : 0;
