import type { Kysely } from 'kysely';
import type { DeployEntity } from '@parapet/shared';
import type { Config } from '../../env.js';
import type { Database } from '../../db/schema.js';

export interface PublishContext {
  db: Kysely<Database>;
  config: Config;
}

/**
 * How one kind of entity reaches the edge: `publish` writes what the edge serves for it (read
 * from the entity's current row) and `remove` takes it away. Each feature registers its own.
 */
export interface Publisher {
  publish(ctx: PublishContext, entityId: string): Promise<void>;
  remove(ctx: PublishContext, entityId: string): Promise<void>;
  /** Clears cached objects (service lines only); `payload` is what the task was given. */
  purge?(ctx: PublishContext, entityId: string, payload: unknown, taskNo: string): Promise<void>;
}

const publishers = new Map<DeployEntity, Publisher>();

export function registerPublisher(entity: DeployEntity, publisher: Publisher): void {
  publishers.set(entity, publisher);
}

export function publisherFor(entity: DeployEntity): Publisher {
  const publisher = publishers.get(entity);
  if (!publisher) throw new Error(`no publisher for ${entity}`);
  return publisher;
}
