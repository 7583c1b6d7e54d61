import { stripLineBreakingCharacters } from './text.ts';

/** Kinds of file the portal takes (spec part 1 §5: what a student may hand in). */
export type UploadKind = 'pdf' | 'image' | 'video' | 'word' | 'excel' | 'powerpoint' | 'text';

const kindByExtension: Record<string, UploadKind> = {
  pdf: 'pdf',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  mp4: 'video',
  m4v: 'video',
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  txt: 'text',
};

/** Extensions that may be picked (spec part 1 §5); the content check below knows each of them. */
export const acceptedUploadExtensions = Object.keys(kindByExtension);

/** The extension of a file name, lower case, or ''. */
export const extensionOf = (name: string) => (/\.([a-z0-9]{1,8})$/i.exec(name)?.[1] ?? '').toLowerCase();

/**
 * The kind of an upload judged by its first bytes and confirmed by its name: a `.pdf` must start as a PDF,
 * a `.docx` must be a zip container other than OpenDocument, a `.txt` must be text. Anything that does not agree is refused.
 */
export function detectUploadKind(head: Uint8Array, name: string): UploadKind | undefined {
  const extension = extensionOf(name);
  const claimed = kindByExtension[extension];
  if (!claimed) return undefined;
  const starts = (offset: number, ...bytes: number[]) => bytes.every((byte, index) => head[offset + index] === byte);
  const isZip = starts(0, 0x50, 0x4b, 0x03, 0x04);
  const isOle = starts(0, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
  // OpenDocument and EPUB zips open with a stored `mimetype` entry; LibreOffice would read such a file renamed
  // .docx by its own filter (linked pictures and all), so an Office Open XML name refuses it. The office preview
  // checks the whole container again before converting.
  const nameLength = (head[26] ?? 0) | ((head[27] ?? 0) << 8);
  const firstEntry = new TextDecoder().decode(head.subarray(30, 30 + Math.min(nameLength, 64)));
  const isOfficeOpenXml = isZip && firstEntry !== 'mimetype';
  const matches: Record<string, () => boolean> = {
    pdf: () => starts(0, 0x25, 0x50, 0x44, 0x46, 0x2d),
    jpg: () => starts(0, 0xff, 0xd8, 0xff),
    jpeg: () => starts(0, 0xff, 0xd8, 0xff),
    png: () => starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    gif: () => starts(0, 0x47, 0x49, 0x46, 0x38),
    webp: () => starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50),
    bmp: () => starts(0, 0x42, 0x4d),
    mp4: () => starts(4, 0x66, 0x74, 0x79, 0x70),
    m4v: () => starts(4, 0x66, 0x74, 0x79, 0x70),
    doc: () => isOle,
    xls: () => isOle,
    ppt: () => isOle,
    docx: () => isOfficeOpenXml,
    xlsx: () => isOfficeOpenXml,
    pptx: () => isOfficeOpenXml,
    txt: () => isText(head),
  };
  return matches[extension]?.() ? claimed : undefined;
}

/** Plain text: no NUL byte and valid UTF-8 (a multi-byte character cut at the end of the sample is fine). */
function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  let index = 0;
  while (index < head.length) {
    const byte = head[index]!;
    const length = byte < 0x80 ? 1 : byte >> 5 === 0b110 ? 2 : byte >> 4 === 0b1110 ? 3 : byte >> 3 === 0b11110 ? 4 : 0;
    if (length === 0) return false;
    for (let next = 1; next < length; next += 1) {
      if (index + next >= head.length) return true;
      if (head[index + next]! >> 6 !== 0b10) return false;
    }
    index += length;
  }
  return true;
}

/** Longest file name accepted (what common file systems allow). */
export const maxFileNameLength = 255;
export const badFileNameMessage = `File names must be at most ${maxFileNameLength} characters and must not name a folder.`;

/** Why a file name sent with an upload is refused: too long, or a path rather than a name. */
export function fileNameProblem(name: string): string | undefined {
  if (name.trim() === '' || name.length > maxFileNameLength || /[\\/]/.test(name) || name.trim() === '..') {
    return badFileNameMessage;
  }
  return undefined;
}

/** A display name safe to store and show: no path, no control characters, at most 150 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters, and bidirectional formatting that could make a name display a false extension
  // ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf").
  const cleaned = stripLineBreakingCharacters(base).trim();
  if (cleaned.length <= 150) return cleaned || 'file';
  const extension = extensionOf(cleaned);
  return `${cleaned.slice(0, 140)}${extension ? `.${extension}` : ''}`;
}

/** A file's size in megabytes with 2 decimals, without the unit (spec part 1 §9): under a "Size (MB)" heading. */
export const megabytesFigure = (bytes: number) => {
  const megabytes = bytes / (1024 * 1024);
  // A small file is not nothing: every demo attachment and document read "0.00 MB" (defect 9).
  return bytes > 0 && megabytes < 0.005 ? '< 0.01' : megabytes.toFixed(2);
};

/** A file's size as the portal shows it (attachments, documents): megabytes with 2 decimals (spec part 1 §9). */
export const formatMegabytes = (bytes: number) => `${megabytesFigure(bytes)} MB`;
