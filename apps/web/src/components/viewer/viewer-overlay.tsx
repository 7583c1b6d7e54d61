import { networkError, previewNotSupported, previewUnavailable } from '@campus/domain/media/media-rules';
import { Box, Center, Image, Loader, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { addWatchHistory, countWatch, getVideoOtp } from './media-api.ts';
import type { ViewerItem } from './viewer-item.ts';
import { Modal } from '../lazy-modal.tsx';

const PdfView = lazy(() => import('./pdf-view.tsx'));

const frameStyle = { width: '100%', aspectRatio: '16 / 9', border: 0 } as const;

function Unsupported({ message = previewNotSupported }: { message?: string }) {
  return (
    <Center py="xl">
      <Text role="alert">{message}</Text>
    </Center>
  );
}

/**
 * A PDF (or an office document's converted PDF). One that fails to load says the preview is not supported, unless
 * the server said it cannot make the preview just now (503: no converter, or a conversion to be tried again).
 */
function FileViewer({ item }: { item: ViewerItem }) {
  const [failed, setFailed] = useState<string | null>(null);
  const onError = useCallback(
    (error: unknown) =>
      setFailed((error as { status?: number } | null)?.status === 503 ? previewUnavailable : previewNotSupported),
    [],
  );
  const url = item.previewUrl || item.url;
  if (failed || !url) return <Unsupported message={failed ?? previewNotSupported} />;
  if (/\.(mp4|m4v|webm|mov)$/i.test(item.fileName ?? '')) {
    return <video src={url} poster={item.posterUrl} controls style={{ width: '100%' }} aria-label={item.title} />;
  }
  if (/\.txt$/i.test(item.fileName ?? ''))
    return <iframe src={url} title={item.title} style={{ width: '100%', height: '70vh', border: 0 }} sandbox="" />;
  return (
    <Suspense fallback={<Loader aria-label="Loading document" />}>
      <PdfView url={url} onError={onError} />
    </Suspense>
  );
}

/** VdoCipher: the player needs an OTP from the server; without one the server's message shows. */
function VdoViewer({ item }: { item: ViewerItem }) {
  const [state, setState] = useState<{ otp: string; playbackInfo: string } | { message: string } | null>(null);
  useEffect(() => {
    let live = true;
    const started = Date.now();
    getVideoOtp(item.videoId!, item.fileId)
      .then((answer) => {
        if (!live) return;
        setState(
          answer.otp && answer.playbackInfo
            ? { otp: answer.otp, playbackInfo: answer.playbackInfo }
            : { message: answer.message },
        );
      })
      .catch((error: unknown) => {
        if (!live) return;
        setState({ message: error instanceof ApiError && error.status !== null ? error.message : networkError });
      });
    return () => {
      live = false;
      void addWatchHistory(item.videoId!, (Date.now() - started) / 1000).catch(() => undefined);
    };
  }, [item.videoId, item.fileId]);
  if (!state) return <Loader aria-label="Loading video" />;
  if ('message' in state) return <Text role="alert">{state.message}</Text>;
  return (
    <iframe
      title={item.title}
      src={`https://player.vdocipher.com/v2/?otp=${encodeURIComponent(state.otp)}&playbackInfo=${encodeURIComponent(state.playbackInfo)}`}
      style={frameStyle}
      allow="encrypted-media; fullscreen"
    />
  );
}

function VimeoViewer({ item }: { item: ViewerItem }) {
  useEffect(() => {
    void countWatch(item.videoId!).catch(() => undefined);
  }, [item.videoId]);
  return (
    <iframe
      title={item.title}
      src={`https://player.vimeo.com/video/${encodeURIComponent(item.videoId!)}`}
      style={frameStyle}
      allow="autoplay; fullscreen"
    />
  );
}

/**
 * The one viewer overlay (spec part 1 §2 Documents, part 2 §2.1), shared by the study library, documents and the
 * recordings of live classes: file (PDF through pdf.js, loaded only here; office documents through their PDF),
 * image, youtube, vimeo, vdo, audio and unsupported.
 */
export function ViewerOverlay({ item, onClose }: { item: ViewerItem | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={item?.title} size="100%" fullScreen>
      {item && (
        <Box data-viewer-type={item.type}>
          {item.type === 'file' && <FileViewer item={item} />}
          {item.type === 'image' && <Image src={item.url} alt={item.title} fit="contain" mah="80vh" />}
          {item.type === 'audio' && (
            <audio src={item.url} controls autoPlay aria-label={item.title} style={{ width: '100%' }} />
          )}
          {item.type === 'youtube' && (
            <iframe
              title={item.title}
              src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(item.videoId ?? '')}`}
              style={frameStyle}
              allow="autoplay; encrypted-media; fullscreen"
            />
          )}
          {item.type === 'vimeo' && <VimeoViewer item={item} />}
          {item.type === 'vdo' && <VdoViewer item={item} />}
          {item.type === 'unsupported' && <Unsupported />}
        </Box>
      )}
    </Modal>
  );
}
