import { describe, expect, it } from 'vitest';
import {
  canDownload,
  canDownloadVimeo,
  canView,
  canViewDocument,
  decodeYoutubeId,
  mediaPageVideoId,
  encodeYoutubeId,
  extensionOf,
  kindOfFileName,
  previewNotSupported,
  viewerFor,
  viewerForFileName,
  youtubePlayTarget,
} from './media-rules.ts';

describe('media rules', () => {
  it('reads the extension of a name or address, ignoring query and case', () => {
    expect(extensionOf('Notes.PDF')).toBe('pdf');
    expect(extensionOf('/api/v1/files/x/chapter.docx?v=1#p2')).toBe('docx');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.hidden')).toBe('');
  });

  it('opens each extension in the viewer the spec names', () => {
    for (const name of ['a.jpg', 'a.jpeg', 'a.png', 'a.bmp', 'a.gif']) expect(viewerForFileName(name)).toBe('image');
    for (const name of ['a.mp3', 'a.aac', 'a.wav', 'a.ogg']) expect(viewerForFileName(name)).toBe('audio');
    for (const name of ['a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.ppt', 'a.pptx', 'a.pdf', 'a.txt', 'a.xyz']) {
      expect(viewerForFileName(name)).toBe('file');
    }
    expect(viewerForFileName('data.zip')).toBe('unsupported');
    expect(viewerForFileName('report.pbix')).toBe('unsupported');
    expect(previewNotSupported).toBe('Preview not supported. Please download the file.');
  });

  it('knows the kind of a file from its extension, and hosted videos by their host', () => {
    expect(kindOfFileName('a.pdf')).toBe('pdf');
    expect(kindOfFileName('a.pptx')).toBe('office');
    expect(kindOfFileName('a.png')).toBe('image');
    expect(kindOfFileName('a.mp3')).toBe('audio');
    expect(kindOfFileName('a.mp4')).toBe('video');
    expect(kindOfFileName('a.zip')).toBe('other');
    expect(viewerFor({ kind: 'youtube', fileName: '' })).toBe('youtube');
    expect(viewerFor({ kind: 'vimeo', fileName: '' })).toBe('vimeo');
    expect(viewerFor({ kind: 'vdocipher', fileName: '' })).toBe('vdo');
    expect(viewerFor({ kind: 'pdf', fileName: 'x.pdf' })).toBe('file');
  });

  it('offers Download only when not read-only, View except for zip and pbix', () => {
    expect(canDownload('N')).toBe(true);
    expect(canDownload('Y')).toBe(false);
    expect(canView('a.pdf')).toBe(true);
    expect(canView('a.ZIP')).toBe(false);
    expect(canView('a.pbix')).toBe(false);
    expect(canDownloadVimeo(1)).toBe(true);
    expect(canDownloadVimeo(0)).toBe(false);
  });

  it('shows a document View only for a read-only pdf', () => {
    expect(canViewDocument('a.pdf', 'Y')).toBe(true);
    expect(canViewDocument('a.pdf', 'N')).toBe(false);
    expect(canViewDocument('a.docx', 'Y')).toBe(false);
  });

  it('sends a YouTube play on mobile to the media page with the id in base64', () => {
    expect(encodeYoutubeId('dQw4w9WgXcQ')).toBe('ZFF3NHc5V2dYY1E=');
    expect(decodeYoutubeId('ZFF3NHc5V2dYY1E=')).toBe('dQw4w9WgXcQ');
    expect(decodeYoutubeId('%%%')).toBeUndefined();
    expect(youtubePlayTarget('dQw4w9WgXcQ', true)).toEqual({ in: 'page', encodedId: 'ZFF3NHc5V2dYY1E=' });
    expect(youtubePlayTarget('dQw4w9WgXcQ', false)).toEqual({ in: 'overlay', videoId: 'dQw4w9WgXcQ' });
  });

  it.each([
    ['ZFF3NHc5V2dYY1E=', 'dQw4w9WgXcQ'],
    [encodeYoutubeId('a-b_c1234XY'), 'a-b_c1234XY'],
    // Ten or twelve characters, a character YouTube ids never have, not base64, nothing.
    [encodeYoutubeId('dQw4w9WgXc'), undefined],
    [encodeYoutubeId('dQw4w9WgXcQQ'), undefined],
    [encodeYoutubeId('dQw4w9WgX/Q'), undefined],
    [encodeYoutubeId('"><script>'), undefined],
    ['%%%', undefined],
    ['', undefined],
    [null, undefined],
  ])('plays on the media page the base64 id %s as %s', (encoded, id) => {
    expect(mediaPageVideoId(encoded)).toBe(id);
  });
});
