// Preloaded into the soak's server (`node --import`): appends the process's memoryUsage() to the
// file SOAK_MEMORY_FILE names every 5 s, so the soak can tell the JS heap from native memory
// (DuckDB's buffers) in the RSS it samples. The bench's only hook into the server; nothing of
// the product reads it.
import { appendFileSync } from 'node:fs';

const file = process.env.SOAK_MEMORY_FILE;
if (file) {
  setInterval(() => {
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), rss, heapUsed, external, arrayBuffers })}\n`);
  }, 5000).unref();
}
