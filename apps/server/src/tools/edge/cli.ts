import path from 'node:path';
import { API_PREFIX, INGEST_API } from '@parapet/shared';
import { loadConfig } from '../../env.js';
import { edgeAsnDb } from '../../modules/geoip/asn-mmdb.js';
import { defaultCountryDbPath } from '../../modules/geoip/country-lookup.js';
import { edgePaths } from '../../modules/edge/layout.js';
import { startEdge } from '../../modules/edge/runner.js';
import { createLogShipper, type LogShipper } from '../../modules/edge/shipper/log-shipper.js';

/**
 * `npm run edge` (issue 14 item 1; docs/edge.md): the local edge beside `npm start`, on the same
 * DATA_DIR. It compiles what the console has published, runs nginx on loopback with every line's
 * ports shifted by EDGE_PORT_OFFSET, and, with EDGE_INGEST_TOKEN, ships its access log to the
 * console's ingest. The console's deploy tasks reload it or hand it new data while it runs.
 * Ctrl-C stops it cleanly: nginx finishes the requests it holds, the shipper sends what is logged.
 */

const log = (message: string): void => {
  process.stderr.write(`${message}\n`);
};

async function main(): Promise<void> {
  const config = loadConfig();
  const countryDb = config.geoipCountryDb ?? defaultCountryDbPath();
  const edge = await startEdge({ config, countryDb, asnDb: await edgeAsnDb(config) });
  const paths = edgePaths(config);
  log(
    `edge running (nginx pid ${edge.pid}): line ports + ${config.edge.portOffset} on ${config.edge.listenAddress}, ` +
      `control 127.0.0.1:${config.edge.controlPort}, files under ${paths.root}`,
  );
  let shipper: LogShipper | null = null;
  const { token, consoleUrl } = config.edge.ingest;
  if (token) {
    shipper = createLogShipper({
      logFile: path.join(paths.run, 'access.log'),
      stateFile: path.join(paths.run, 'shipper-state.json'),
      ingestUrl: `${consoleUrl.replace(/\/$/, '')}${API_PREFIX}${INGEST_API.events}`,
      token,
      log: { info: log, warn: log },
    });
    shipper.start();
    log(`shipping the access log to ${consoleUrl}`);
  } else {
    log('EDGE_INGEST_TOKEN is not set: the access log stays on disk (docs/edge.md)');
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping the edge…');
    await edge.stop();
    await shipper?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
