// `npm test`: every check of the project in one run: lint, typecheck, unit and API tests
// (Vitest, on SQLite and, with TEST_DATABASE_URL, PostgreSQL), the production build, and the
// browser tests (Playwright in Debian's Chromium against the real built server). It goes on
// after a failure so one run shows everything, and ends with one line: `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, options = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  });
  console.log(
    `--- ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return result.status === 0;
}

/** A check that is one test: it passes or fails as a whole. */
function check(label, command, args, options) {
  if (run(label, command, args, options)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

/** A runner that reports its own test counts in a JSON file; a crash without one counts as a failure. */
function counted(label, command, args, report, read, options) {
  const ok = run(label, command, args, options);
  const counts = existsSync(report) ? read(JSON.parse(readFileSync(report, 'utf8'))) : { passed: 0, failed: 0 };
  passed += counts.passed;
  failed += counts.failed;
  if (!ok && counts.failed === 0) {
    failed += 1;
    failures.push(`${label} (runner failed)`);
  } else if (counts.failed > 0) failures.push(`${label} (${counts.failed} failed)`);
}

/** Runs a tool installed in node_modules, never one fetched on the fly. */
const tool = (...args) => ['--no-install', ...args];

/**
 * Checks that are one test each, run two at a time: each of them (eslint, prettier, tsc) keeps
 * one core busy, and one after another they took about two minutes of a CI run. Each one's
 * output is printed whole when it ends, so the two do not interleave.
 */
async function checksTwoAtATime(checks) {
  const queue = [...checks];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [label, command, args] = next;
      const started = Date.now();
      const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      const status = await new Promise((resolve) => {
        child.on('error', () => resolve(-1));
        child.on('close', (code) => resolve(code));
      });
      console.log(`\n=== ${label} ===`);
      process.stdout.write(Buffer.concat(output));
      console.log(`--- ${label}: ${status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if (status === 0) passed += 1;
      else {
        failed += 1;
        failures.push(label);
      }
    }
  };
  await Promise.all([worker(), worker()]);
}

// The longest first (lint, then the console's and the server's typechecks), so the short ones
// fill in at the end.
await checksTwoAtATime([
  ['lint', 'npx', tool('eslint', '--max-warnings', '0', '.')],
  ...['apps/web', 'apps/server'].map((project) => [`typecheck ${project}`, 'npx', tool('tsc', '-p', project)]),
  // Layout is the formatter's: a file it would change fails the run (`npm run format` fixes it).
  ['format', 'npx', tool('prettier', '--check', '.')],
  ...['packages/shared', 'e2e'].map((project) => [`typecheck ${project}`, 'npx', tool('tsc', '-p', project)]),
]);

// The edge's tests run real nginx (scripts/ensure-edge.sh installs it, as root, when missing);
// without it they are skipped, and this check fails the run.
check('edge (nginx and its modules)', 'bash', ['scripts/ensure-edge.sh']);

const vitestReport = path.join(out, 'vitest.json');
counted(
  'unit and API tests (vitest)',
  'npx',
  tool('vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`),
  vitestReport,
  (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
  }),
);

const built = run('build', 'npm', ['run', 'build']);
if (built) passed += 1;
else {
  failed += 1;
  failures.push('build');
}
// The front-end budget (docs/speed.md): the JavaScript each route needs, from the build just made.
if (built) check('bundle budget', 'node', ['scripts/bundle-budget.mjs']);

const chromium = run('chromium', 'bash', ['scripts/ensure-chromium.sh']);
if (built && chromium) {
  const e2eReport = path.join(out, 'playwright.json');
  counted(
    'browser tests (playwright)',
    'npx',
    tool('playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'),
    e2eReport,
    (r) => ({
      passed: r.stats.expected + r.stats.flaky,
      failed: r.stats.unexpected,
    }),
    { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport } },
  );
} else {
  failed += 1;
  failures.push('browser tests (not run: build or chromium missing)');
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
