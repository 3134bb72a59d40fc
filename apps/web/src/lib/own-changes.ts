import type { TaskUpdatedEvent } from '@parapet/shared';

// "Deploy successfully" (spec §8) is for the user's own change: the task a call of this console
// queued. Calls answer with the task's number (service lines) or with the item itself while it
// deploys (certificates, pages, policies); either is noted here, and the socket's task.updated
// for it tells the listeners once. Tasks queued by others, or by this user in another tab, stay
// silent: they only refresh the lists.

const ownTaskNos = new Set<string>();
const ownEntityIds = new Set<string>();
const listeners = new Set<(event: TaskUpdatedEvent) => void>();

/** Notes what a mutating call answered, when it says a deployment was queued. */
export function noteOwnChange(answer: unknown): void {
  if (typeof answer !== 'object' || answer === null) return;
  const { taskNo, id, status } = answer as { taskNo?: unknown; id?: unknown; status?: unknown };
  if (typeof taskNo === 'string' && taskNo) ownTaskNos.add(taskNo);
  else if (typeof id === 'string' && status === 'Deploying') ownEntityIds.add(id);
}

/** Called for every task.updated: a finished task of an own change is told once, then forgotten. */
export function settleOwnTask(event: TaskUpdatedEvent): void {
  if (event.state !== 'succeeded' && event.state !== 'failed') return;
  const own = ownTaskNos.delete(event.taskNo) || ownEntityIds.delete(event.entityId);
  if (own && event.state === 'succeeded') for (const listener of listeners) listener(event);
}

/** Listens for own changes deployed; returns the unsubscribe. */
export function onOwnDeployed(listener: (event: TaskUpdatedEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
