import type { FastifyInstance } from 'fastify';

/**
 * Events are kept by group name (the edge and ingest know names, and every query names one
 * group). The control plane renames and deletes groups, so the event store follows: a renamed
 * group keeps its history, and a new group given a deleted or renamed group's old name starts
 * with none of it. These run after the control plane's change has committed; a server with no
 * events (`mayHoldEvents`) opens nothing.
 */

export async function moveGroupEvents(app: FastifyInstance, from: string, to: string): Promise<void> {
  if (from === to || !app.events.mayHoldEvents()) return;
  const moved = await (await app.events.get()).renameGroup({ from, to });
  if (moved > 0) app.log.info({ from, to, moved }, 'events moved to the renamed group');
}

export async function dropGroupEvents(app: FastifyInstance, name: string): Promise<void> {
  if (!app.events.mayHoldEvents()) return;
  const removed = await (await app.events.get()).purge({ groupName: name, before: Number.MAX_SAFE_INTEGER });
  if (removed > 0) app.log.info({ group: name, removed }, 'events of the deleted group removed');
}
