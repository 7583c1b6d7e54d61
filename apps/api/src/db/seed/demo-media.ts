import { readFile } from 'node:fs/promises';
import type { Storage } from '../../lib/storage.ts';
import { tinyPdf } from './demo-files.ts';
import { silentMp3, tinyDocx, tinyPng, tinyPptx, tinyXlsx, zip } from './media-files.ts';

/** One stored demo file of each kind the library and documents show, with the size the cards print. */
export interface DemoMediaFile {
  key: string;
  size: number;
  fileName: string;
}

/** Stores one small real file of every kind (PDF, DOCX, XLSX, PPTX, PNG, MP3, MP4, ZIP) and names them. */
export async function storeDemoMedia(storage: Storage, label: string) {
  const put = async (data: Buffer | string, extension: string, fileName: string): Promise<DemoMediaFile> => {
    const { key, size } = await storage.putBuffer(data, extension);
    return { key, size, fileName };
  };
  const clip = await readFile(new URL('./files/demo-clip.mp4', import.meta.url));
  return {
    pdf: await put(tinyPdf(`${label}: chapter notes`), 'pdf', 'chapter-notes.pdf'),
    docx: await put(
      tinyDocx(`${label}: worksheet`, ['Answer every question.', 'Show your working.']),
      'docx',
      'worksheet.docx',
    ),
    xlsx: await put(
      tinyXlsx([
        ['Quantity', 'Unit'],
        ['Force', 'N'],
        ['Mass', 1],
      ]),
      'xlsx',
      'formula-table.xlsx',
    ),
    pptx: await put(tinyPptx(`${label}: lecture slides`), 'pptx', 'lecture-slides.pptx'),
    png: await put(tinyPng(320, 180, [25, 113, 194]), 'png', 'diagram.png'),
    mp3: await put(silentMp3(3), 'mp3', 'audio-notes.mp3'),
    mp4: await put(clip, 'mp4', 'experiment.mp4'),
    zip: await put(zip({ 'readme.txt': `${label} practice files` }), 'zip', 'practice-files.zip'),
  };
}
