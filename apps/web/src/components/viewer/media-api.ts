import { mediaEndpoints } from '@campus/domain/media/media.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { getSession } from '../../lib/session.ts';

const instituteId = () => getSession()?.institute_id ?? 0;

/** POST /api/v1/instFileSystem/videoOTP?source=IOS-APP: the VdoCipher player's otp and playbackInfo. */
export const getVideoOtp = (videoID: string, fileId?: number) =>
  call(mediaEndpoints.videoOtp, {
    query: { source: 'IOS-APP' },
    body: {
      videoID,
      institute_id: instituteId(),
      user_id: getSession()?.user_id ?? 0,
      ...(fileId ? { file_id: fileId } : {}),
    },
  });

/** GET /prod/vimeo/download-links/{videoID}, with the institute in its header. */
export const getVimeoLinks = (videoID: string) =>
  call(mediaEndpoints.vimeoLinks, { params: { videoID }, headers: { 'x-prod-inst-id': instituteId() } });

/**
 * The Vimeo download links of a video, asked once and shared: a screen offers "Download" only when there is a link
 * (issue 27), and the download modal then lists the same answer without asking again.
 */
export const vimeoLinksQuery = (videoID: string | null) =>
  queryOptions({
    queryKey: ['media', 'vimeo-links', videoID],
    queryFn: () => getVimeoLinks(videoID!),
    enabled: videoID !== null,
    retry: false,
    staleTime: 5 * 60 * 1000,
  });

/** PUT /api/v1/instFileSystem/update-watch-count, on Vimeo play. */
export const countWatch = (videoId: string) =>
  call(mediaEndpoints.watchCount, { body: { video_id: videoId, institute_id: instituteId() } });

/** POST /api/v1/instFileSystem/allocateWatchHistory, when a VdoCipher video closes. */
export const addWatchHistory = (videoId: string, seconds: number) =>
  call(mediaEndpoints.watchHistory, { body: { video_id: videoId, watch_duration: Math.round(seconds) } });

/** POST /api/v1/instFileSystem/fileDownloadCount, when a library file is downloaded or opened in a new window. */
export const countDownload = (fileId: number) =>
  call(mediaEndpoints.downloadCount, { body: { file_id: fileId, institute_id: instituteId() } });
