/**
 * What the console's build tells the server about its files (apps/web/build/route-preloads.ts):
 * which scripts and stylesheets each signed-in screen needs beyond the entry, so the page the
 * server sends a signed-in browser names them all at once (apps/server/src/plugins/console-shell.ts).
 */

/** Files, as paths under the console's build folder. */
export interface PreloadFiles {
  scripts: string[];
  styles: string[];
}

export interface PreloadPlan {
  /** The signed-in frame and its guards: every signed-in screen needs them. */
  frame: PreloadFiles;
  /** Each area's own files (beyond the frame's), by the paths that open it. */
  areas: { paths: string[]; files: PreloadFiles }[];
  /** The console's texts, by locale. */
  messages: Record<string, string>;
}

/** Where the build writes the plan, under its output folder, beside Vite's manifest. */
export const PRELOAD_PLAN_FILE = '.vite/preloads.json';
