import { mediaContract } from '@campus/domain/media/media.contract';
import { videoNotDownloadable, videoNotPlayable } from '@campus/domain/media/media-rules';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../access/define-route.ts';
import type { VideoProviders } from '../../lib/video-providers.ts';
import { addFileDownload } from '../library/index.ts';

const done = { status: 'success', message: 'success' };

/**
 * The shared video and file calls (spec part 2 §7 Study library; part 1 §7): counts, the VdoCipher OTP and Vimeo
 * download links. Which videos a session may use is decided by the `video` id policy through the registered
 * video sources (video-sources.ts); the hosts' credentials stay on the server (lib/video-providers.ts).
 */
export async function mediaRoutes(app: FastifyInstance, options: { videoProviders: VideoProviders }) {
  defineRoute(app, mediaContract.downloadCount, async ({ scope }) => {
    const file = scope.libraryFile!;
    await addFileDownload(app.db, scope.session.instituteId, file.id);
    return done;
  });

  defineRoute(app, mediaContract.watchCount, async ({ scope }) => {
    await scope.video!.countWatch(app.db);
    return done;
  });

  defineRoute(app, mediaContract.watchHistory, async ({ scope, body }) => {
    await scope.video!.addWatchSeconds(app.db, Math.round(body.watch_duration));
    return done;
  });

  defineRoute(app, mediaContract.videoOtp, async ({ scope }) => {
    const video = scope.video!;
    // The spec's text for a failure is the recordings' (part 1 §8); a study library video says it cannot play.
    const failure = video.source === 'library' ? videoNotPlayable : videoNotDownloadable;
    // A file named with the video must be the one that holds it.
    if (scope.libraryFile && scope.libraryFile.videoId !== video.videoId) {
      return { otp: null, playbackInfo: null, message: failure, status: 'error' };
    }
    const provider =
      video.host === 'vdocipher' ? options.videoProviders(scope.session.instituteId).vdocipher : undefined;
    const grant = await provider?.otp?.(video.videoId, { userId: scope.session.userId }).catch((error: unknown) => {
      app.log.warn({ err: error }, 'VdoCipher OTP failed');
      return undefined;
    });
    if (!grant) return { otp: null, playbackInfo: null, message: failure, status: 'error' };
    return { ...grant, message: 'success', status: 'success' };
  });

  defineRoute(app, mediaContract.vimeoLinks, async ({ scope }) => {
    const video = scope.video!;
    // An institute that keeps its videos streaming only hands out no download link, whoever asks.
    if (!(await scope.settings()).isVimeoDownloadable) return { result: [] };
    const provider = video.host === 'vimeo' ? options.videoProviders(scope.session.instituteId).vimeo : undefined;
    const links = await provider?.downloadLinks?.(video.videoId).catch((error: unknown) => {
      app.log.warn({ err: error }, 'Vimeo download links failed');
      return [];
    });
    // Empty: the screen says 'No Download Link Found'.
    return { result: links ?? [] };
  });
}
