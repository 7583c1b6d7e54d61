// What the shared viewer does with a file or a video (spec part 2 §5, part 1 §2 Documents, §5, §8): the viewer
// type from a file name's extension, the Download/View buttons, the mobile YouTube rule and the viewer's texts.

/** The viewer overlay's types (spec part 1 §2 Documents). */
export type ViewerType = 'file' | 'image' | 'youtube' | 'vimeo' | 'vdo' | 'audio' | 'unsupported';

/** What a stored library file or document is. */
export type MediaKind = 'pdf' | 'office' | 'image' | 'audio' | 'video' | 'youtube' | 'vimeo' | 'vdocipher' | 'other';

export const previewNotSupported = 'Preview not supported. Please download the file.';
/**
 * Not the spec's: an office file the server could preview but cannot now (no converter installed, or a conversion
 * stopped by a limit and waiting to be tried again). 'Preview not supported' would tell the user the file is at fault.
 */
export const previewUnavailable = 'Preview is not available right now. Please download the file.';
export const noDownloadLinkFound = 'No Download Link Found';
export const videoNotDownloadable = 'Not able to downlode video file. please contact institute admin.';
export { networkError } from '../shared/http-messages.ts';
/**
 * A study library video that cannot be played (no VdoCipher OTP). §8 has the screen show the server's message
 * without naming it; the recordings' text above speaks of a download, which a study video's play is not (issue 27).
 */
export const videoNotPlayable = 'Not able to play the video. please contact institute admin.';

const imageExtensions = new Set(['jpg', 'jpeg', 'png', 'bmp', 'gif']);
const audioExtensions = new Set(['mp3', 'aac', 'wav', 'ogg']);
const videoExtensions = new Set(['mp4', 'm4v', 'webm', 'mov']);
const officeExtensions = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx']);
const notPreviewable = new Set(['pbix', 'zip']);

/** The lower-case extension of a file name or address (query and fragment ignored); empty when it has none. */
export function extensionOf(name: string): string {
  const path = name.split(/[?#]/)[0] ?? '';
  const last = path.split('/').at(-1) ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

/** The kind of an uploaded file, from its name's extension. */
export function kindOfFileName(name: string): MediaKind {
  const extension = extensionOf(name);
  if (extension === 'pdf') return 'pdf';
  if (officeExtensions.has(extension)) return 'office';
  if (imageExtensions.has(extension)) return 'image';
  if (audioExtensions.has(extension)) return 'audio';
  if (videoExtensions.has(extension)) return 'video';
  return 'other';
}

/**
 * The viewer that opens a file by its name (spec part 2 §5): images, audio, pbix and zip (unsupported); documents
 * and every other extension use the file viewer. Video files play in the file viewer's video element.
 */
export function viewerForFileName(name: string): ViewerType {
  const extension = extensionOf(name);
  if (imageExtensions.has(extension)) return 'image';
  if (audioExtensions.has(extension)) return 'audio';
  if (notPreviewable.has(extension)) return 'unsupported';
  return 'file';
}

/** The viewer of an item: hosted videos by their host, files by their name. */
export function viewerFor(item: { kind: MediaKind; fileName: string }): ViewerType {
  if (item.kind === 'youtube') return 'youtube';
  if (item.kind === 'vimeo') return 'vimeo';
  if (item.kind === 'vdocipher') return 'vdo';
  return viewerForFileName(item.fileName);
}

/** Download is offered only when the file is not read-only (is_readonly N). */
export const canDownload = (isReadonly: 'Y' | 'N') => isReadonly === 'N';

/** View is hidden for zip and pbix files (spec part 2 §5). */
export const canView = (fileName: string) => !notPreviewable.has(extensionOf(fileName));

/**
 * Documents (spec part 1 §5): View only for a pdf that is read-only — a downloadable file is downloaded instead.
 */
export const canViewDocument = (fileName: string, isReadonly: 'Y' | 'N') =>
  isReadonly === 'Y' && extensionOf(fileName) === 'pdf';

/** The Vimeo download button: only when the institute makes videos downloadable (vimeo_video_downlodable 1). */
export const canDownloadVimeo = (downloadable: number | boolean) => downloadable === 1 || downloadable === true;

/** Base64 of a YouTube id, as the external media page carries it on mobile (spec part 2 §2.1). */
export function encodeYoutubeId(videoId: string): string {
  const bytes = new TextEncoder().encode(videoId);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Reads back a base64 YouTube id (documents carry it as proc_id); undefined when it is not one. */
export function decodeYoutubeId(encoded: string): string | undefined {
  try {
    const text = atob(encoded);
    return /^[\w-]{6,20}$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The video the media page plays: its `id` parameter read back from base64, and only if it is a YouTube id (11
 * letters, digits, `-` or `_`); undefined for anything else, which the page refuses rather than embeds.
 */
export function mediaPageVideoId(encoded: string | null): string | undefined {
  if (!encoded) return undefined;
  const id = decodeYoutubeId(encoded);
  return id !== undefined && /^[\w-]{11}$/.test(id) ? id : undefined;
}

/** What the media page says when its address carries no valid YouTube id. */
export const invalidVideoLink = 'This video link is not valid.';

/**
 * On a mobile device a YouTube play leaves the overlay for the external media page with the id in base64
 * (spec part 2 §2.1); elsewhere it plays in the overlay.
 */
export function youtubePlayTarget(
  videoId: string,
  isMobile: boolean,
): { in: 'overlay'; videoId: string } | { in: 'page'; encodedId: string } {
  return isMobile ? { in: 'page', encodedId: encodeYoutubeId(videoId) } : { in: 'overlay', videoId };
}

/** A user agent of a phone or tablet. */
export const isMobileUserAgent = (userAgent: string) => /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
