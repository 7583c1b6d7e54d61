import type { ViewerType } from '@campus/domain/media/media-rules';

/** What the shared viewer overlay opens: a file by its signed address, or a hosted video by its id. */
export interface ViewerItem {
  type: ViewerType;
  title: string;
  /** Signed address of the file (file, image, audio viewers). */
  url?: string;
  /** Office documents: signed address of their PDF preview. */
  previewUrl?: string;
  /** The file's name (its extension tells a PDF from a video file in the file viewer). */
  fileName?: string;
  /** YouTube, Vimeo or VdoCipher id. */
  videoId?: string;
  /** A video file's poster image (the study material item's first poster), shown before it plays. */
  posterUrl?: string;
  /** The study library file, sent with the VdoCipher OTP call. */
  fileId?: number;
}
