import { withRidBlock } from '@parapet/shared';
import type { Publisher } from '../../core/registry.js';
import { removeRecords, writeRecord } from '../deploy/edge-files.js';
import { findPageRow } from './html-pages.repository.js';

const file = (id: string) => `html-pages/${id}.html`;

/**
 * The edge's copy of a page, with the request-id block already placed; its values are the
 * edge's own variables (request id, local time, client address), filled in per response.
 */
export const EDGE_RID_VALUES = { rid: '$request_id', timestamp: '$time_iso8601', ip: '$remote_addr' };

export const htmlPagePublisher: Publisher = {
  async publish({ db, edge }, id) {
    const row = await findPageRow(db, id);
    if (!row) return;
    writeRecord(edge, file(id), withRidBlock(row.content, row.rid_position, row.rid_color, EDGE_RID_VALUES));
  },
  async remove({ edge }, id) {
    removeRecords(edge, file(id));
  },
};
