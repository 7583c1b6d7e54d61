// The media area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import type { CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'media.downloadCount': (ids) => ({ body: { file_id: ids.libraryFileId, institute_id: ids.instituteId } }),
  'media.watchCount': (ids) => ({ body: { video_id: ids.videoId, institute_id: ids.instituteId } }),
  'media.watchHistory': (ids) => ({ body: { video_id: ids.videoId, watch_duration: 10 } }),
  'media.videoOtp': (ids) => ({
    query: { source: 'IOS-APP' },
    body: { videoID: ids.videoId, institute_id: ids.instituteId, user_id: ids.userId, file_id: ids.libraryFileId },
  }),
  'media.vimeoLinks': (ids) => ({
    params: { videoID: ids.videoId },
    headers: { 'x-prod-inst-id': String(ids.instituteId) },
  }),
};
