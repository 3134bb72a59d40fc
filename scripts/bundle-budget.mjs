// `node scripts/bundle-budget.mjs`: the JavaScript each route of the console needs, from the
// production build's manifest (run `npm run build -w apps/web` first), as brotli bytes at the
// strongest setting (what the server sends; the build writes those copies). Prints a table and
// exits non-zero when a route is over its budget in apps/web/bundle-budget.json (and over its
// `cssBudget` for the stylesheets it loads, where it has one), or when an area of the console has
// no budget there. Sizes, not times: the same build gives the same figures.
//
// A route needs the entry (index.html's script and everything it imports statically) plus, for
// each module in its `load` list, that module's chunk and everything it imports statically.
// Chunks fetched later (a dialog opened on a click, the world map) are not counted: the route is
// usable without them. "own" is what the last module of `load` adds to everything before it.
//   node scripts/bundle-budget.mjs [--config <budget.json>] [--dist <dir>] [--json]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? path.resolve(args[at + 1]) : fallback;
};
const configPath = option('--config', path.join(root, 'apps/web/bundle-budget.json'));
const dist = option('--dist', path.join(root, 'apps/web/dist'));
const manifestPath = path.join(dist, '.vite/manifest.json');
/** Each console area is one lazily loaded module; every one of them must have a budget. */
const AREA = /^src\/features\/[^/]+\/route\.tsx$/;

if (!existsSync(manifestPath)) {
  console.error(`bundle budget: no ${path.relative(root, manifestPath)}; run \`npm run build -w apps/web\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const config = JSON.parse(readFileSync(configPath, 'utf8'));

const sizes = new Map();
/** Bytes of a built file: raw and brotli at quality 11, as the build's precompress plugin writes it. */
function sizeOf(file) {
  let size = sizes.get(file);
  if (!size) {
    const raw = readFileSync(path.join(dist, file));
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    size = { raw: raw.length, br: Math.min(br.length, raw.length) };
    sizes.set(file, size);
  }
  return size;
}

/** Manifest keys of `keys` and of everything they import statically. */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build (is it still imported lazily?)`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

function measure(keys) {
  const js = { raw: 0, br: 0 };
  const css = new Set();
  for (const key of keys) {
    const size = sizeOf(manifest[key].file);
    js.raw += size.raw;
    js.br += size.br;
    for (const file of manifest[key].css ?? []) css.add(file);
  }
  const cssBr = [...css].reduce((sum, file) => sum + sizeOf(file).br, 0);
  return { js, cssBr, files: keys.size };
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryKeys = closure([entry]);
const rows = [];
const problems = [];
const covered = new Set();
for (const route of config.routes) {
  try {
    const load = route.load ?? [];
    load.forEach((key) => covered.add(key));
    const all = closure([entry, ...load]);
    const before = closure([entry, ...load.slice(0, -1)]);
    const own = load.length ? new Set([...all].filter((key) => !before.has(key))) : new Set();
    const total = measure(all);
    rows.push({ route: route.route, total, own: measure(own), budget: route.budget });
    if (total.js.br > route.budget)
      problems.push(`${route.route}: ${total.js.br} B over its budget of ${route.budget} B`);
    if (route.cssBudget !== undefined && total.cssBr > route.cssBudget)
      problems.push(`${route.route}: ${total.cssBr} B of CSS over its budget of ${route.cssBudget} B`);
  } catch (error) {
    problems.push(`${route.route}: ${error.message}`);
  }
}
for (const key of Object.keys(manifest))
  if (AREA.test(key) && !covered.has(key))
    problems.push(`${key}: an area with no budget in ${path.basename(configPath)}`);

const kb = (bytes) => (bytes / 1000).toFixed(1);
if (args.includes('--json')) console.log(JSON.stringify({ entry: measure(entryKeys), rows }, null, 2));
else {
  const header = ['route', 'JS brotli kB', 'own kB', 'budget kB', 'JS raw kB', 'CSS brotli kB', 'files'];
  const lines = rows.map((r) => [
    r.route,
    kb(r.total.js.br),
    kb(r.own.js.br),
    kb(r.budget),
    kb(r.total.js.raw),
    kb(r.total.cssBr),
    String(r.total.files),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`JavaScript each route needs before it is usable (${path.relative(root, configPath)})`);
  console.log(format(header));
  lines.forEach((line) => console.log(format(line)));
  const e = measure(entryKeys);
  console.log(`entry alone: ${kb(e.js.br)} kB brotli (${kb(e.js.raw)} kB raw) in ${e.files} files`);
}
if (problems.length) {
  console.error(`\nbundle budget exceeded or out of date:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
