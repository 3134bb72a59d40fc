import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EdgeSnapshot, LineRecord, PolicyRecord } from './compile/model.js';
import type { PublishedRule } from './compile/rules-data.js';

/**
 * The stored configuration as the edge serves it: the records deploy tasks published under
 * DATA_DIR/edge (one file per item, by id), with a task's own change laid over them before it is
 * checked (publish.ts). A record is what its last successful task wrote, so a failed task leaves
 * the edge compiled from the last good versions.
 */
export interface EdgeChange {
  /** Record files to write, by path relative to the record folder. */
  writes: Map<string, { content: string; mode?: number }>;
  removes: Set<string>;
}

export const emptyChange = (): EdgeChange => ({ writes: new Map(), removes: new Set() });

async function listRecords(recordDir: string, folder: string, extension: string): Promise<string[]> {
  try {
    return (await readdir(path.join(recordDir, folder))).filter((f) => f.endsWith(extension) && !f.includes('.tmp'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export async function readSnapshot(recordDir: string, change: EdgeChange = emptyChange()): Promise<EdgeSnapshot> {
  const read = async (relative: string): Promise<string | null> => {
    if (change.removes.has(relative)) return null;
    const written = change.writes.get(relative);
    if (written) return written.content;
    try {
      return await readFile(path.join(recordDir, relative), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  const ids = async (folder: string, extension: string) => {
    const names = new Set(await listRecords(recordDir, folder, extension));
    for (const relative of change.writes.keys())
      if (relative.startsWith(`${folder}/`) && relative.endsWith(extension)) names.add(path.basename(relative));
    return [...names].map((name) => name.slice(0, -extension.length)).sort();
  };
  const json = async <T>(folder: string): Promise<T[]> => {
    const out: T[] = [];
    for (const id of await ids(folder, '.json')) {
      const text = await read(`${folder}/${id}.json`);
      if (text !== null) out.push(JSON.parse(text) as T);
    }
    return out;
  };
  const pages = new Map<string, string>();
  for (const id of await ids('html-pages', '.html')) {
    const text = await read(`html-pages/${id}.html`);
    if (text !== null) pages.set(id, text);
  }
  const certs = new Map<string, { pem: string; key: string }>();
  for (const id of await ids('certs', '.pem')) {
    const pem = await read(`certs/${id}.pem`);
    const key = await read(`certs/${id}.key`);
    if (pem !== null && key !== null) certs.set(id, { pem, key });
  }
  const rules = new Map((await json<PublishedRule>('waf-rules')).map((r) => [r.id, r]));
  const policies = new Map((await json<PolicyRecord>('origin-policies')).map((p) => [p.id, p]));
  const lines = await json<LineRecord>('service-lines');
  return { lines, rules, policies, pages, certs };
}
