// `npm run bench`: builds, then runs every benchmark under bench/ in turn; each prints its figures.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
for (const file of readdirSync(new URL('../bench', import.meta.url))
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort()) {
  console.log(`\n##### bench/${file}`);
  execFileSync('node', [`bench/${file}`], { cwd: root, stdio: 'inherit' });
}
