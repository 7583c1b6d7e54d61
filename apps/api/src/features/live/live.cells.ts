// The live area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'live.meetings': (ids) => ({
    params: { institute_id: ids.instituteId },
    body: {
      institution_id: ids.instituteId,
      user_id: ids.userId,
      page_offset: 0,
      page_size: -1,
      live_future_past: 1,
      category: 3,
      from_date: '21-11-2026',
      to_date: '21-11-2026',
    },
  }),
  'live.sessionStart': (ids) => ({ params: { instituteId: ids.instituteId, sessionId: ids.liveSessionId } }),
  'live.recordingDownload': (ids) => ({
    params: { instituteId: ids.instituteId, downloadId: ids.recordingId },
    query: { type: 1 },
  }),
};
