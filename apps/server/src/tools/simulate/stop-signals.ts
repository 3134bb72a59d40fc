/**
 * Stops a run on SIGINT or SIGTERM, once, and keeps listening until the run has printed its
 * summary. A second Ctrl-C (pressed again, or relayed by a wrapper such as the tsx command,
 * which also sends the terminal's press on) would otherwise meet Node's default, which kills the
 * run before its summary. Repeats are noted, never fatal. Answers the function that stops
 * listening. `npm run simulate` runs `node --import tsx`, not the tsx command: that command
 * SIGKILLs its child when the child does not confirm a relayed signal within about 60 ms, which
 * a busy machine missed (a run killed without its summary).
 */
export function stopOnSignals(stop: () => void, log: (message: string) => void): () => void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (!stopping) {
      stopping = true;
      stop();
      return;
    }
    log(`${signal} again: already stopping, finishing the batch under way`);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}
