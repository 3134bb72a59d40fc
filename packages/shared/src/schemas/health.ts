import { z } from 'zod';
import { text } from './text.js';

export const STORE_KINDS = ['sqlite', 'postgres'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/** Answer of GET /api/health while the store answers. */
export const healthSchema = z
  .object({
    status: z.literal('ok'),
    store: z.enum(STORE_KINDS).describe('Which store engine this server uses'),
    version: text().describe('Server version'),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
