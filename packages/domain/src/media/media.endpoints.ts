import { endpoint } from '../shared/endpoint.ts';
import type { mediaSchemas } from './media.contract.ts';

type Schemas = typeof mediaSchemas;

/**
 * The shared video and file calls (spec part 2 §7 Study library, part 1 §7): used by the study library, documents
 * and the recordings of live classes. A video id names a video the session may watch wherever it was shared.
 */
export const mediaEndpoints = {
  downloadCount: endpoint<Schemas['downloadCount']>({
    id: 'media.downloadCount',
    method: 'POST',
    path: '/api/v1/instFileSystem/fileDownloadCount',
    service: 'main',
    access: 'student',
    ids: [
      { in: 'body', name: 'institute_id', kind: 'institute' },
      { in: 'body', name: 'file_id', kind: 'libraryFile' },
    ],
  }),
  watchCount: endpoint<Schemas['watchCount']>({
    id: 'media.watchCount',
    method: 'PUT',
    path: '/api/v1/instFileSystem/update-watch-count',
    service: 'main',
    access: 'student',
    ids: [
      { in: 'body', name: 'institute_id', kind: 'institute' },
      { in: 'body', name: 'video_id', kind: 'video' },
    ],
  }),
  watchHistory: endpoint<Schemas['watchHistory']>({
    id: 'media.watchHistory',
    method: 'POST',
    path: '/api/v1/instFileSystem/allocateWatchHistory',
    service: 'main',
    access: 'student',
    ids: [{ in: 'body', name: 'video_id', kind: 'video' }],
  }),
  videoOtp: endpoint<Schemas['videoOtp']>({
    id: 'media.videoOtp',
    method: 'POST',
    path: '/api/v1/instFileSystem/videoOTP',
    service: 'main',
    access: 'session',
    ids: [
      { in: 'body', name: 'institute_id', kind: 'institute' },
      { in: 'body', name: 'user_id', kind: 'user' },
      { in: 'body', name: 'videoID', kind: 'video' },
      // Sent in study use; the video above must be this file's.
      { in: 'body', name: 'file_id', kind: 'libraryFile' },
    ],
  }),
  vimeoLinks: endpoint<Schemas['vimeoLinks']>({
    id: 'media.vimeoLinks',
    method: 'GET',
    path: '/prod/vimeo/download-links/:videoID',
    service: 'product',
    access: 'session',
    ids: [
      { in: 'headers', name: 'x-prod-inst-id', kind: 'institute' },
      { in: 'params', name: 'videoID', kind: 'video' },
    ],
  }),
};
