// Office documents an attacker would upload, built by the tests (nothing generated is committed): pictures linked
// by address or by file path, an OpenDocument file to rename, and a zip bomb.
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import { zip } from '../src/db/seed/media-files.ts';

const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const wordMain = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const contentTypes = `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="${wordMain}"/></Types>`;
const packageRels = `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const imageType = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

/** A Word document whose one picture is `r:link` (fetched from `target`) or `r:embed` (inside the file). */
function pictureDocx(blip: 'link' | 'embed', relationship: string, media: Record<string, Buffer> = {}): Buffer {
  const document = `${xml}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body><w:p><w:r><w:t>Picture below</w:t></w:r></w:p><w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="picture.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:${blip}="rId5"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p></w:body></w:document>`;
  return zip({
    '[Content_Types].xml': contentTypes,
    '_rels/.rels': packageRels,
    'word/_rels/document.xml.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationship}</Relationships>`,
    'word/document.xml': document,
    ...media,
  });
}

/** A Word document showing a picture LibreOffice fetches from `address` (http://…, file://…) while converting. */
export const linkedPictureDocx = (address: string) =>
  pictureDocx('link', `<Relationship Id="rId5" Type="${imageType}" Target="${address}" TargetMode="External"/>`);

/** A Word document with its picture inside: what a PDF holding a picture looks like (the control). */
export const embeddedPictureDocx = (png: Buffer) =>
  pictureDocx('embed', `<Relationship Id="rId5" Type="${imageType}" Target="media/picture.png"/>`, {
    'word/media/picture.png': png,
  });

/** An OpenDocument text whose picture is linked from `address`; LibreOffice embeds such pictures in the PDF. */
export function linkedPictureOdt(address: string): Buffer {
  return zip({
    mimetype: 'application/vnd.oasis.opendocument.text',
    'META-INF/manifest.xml': `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    'content.xml': `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2"><office:body><office:text><text:p>Picture<draw:frame draw:name="i" text:anchor-type="as-char" svg:width="3cm" svg:height="3cm"><draw:image xlink:href="${address}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p></office:text></office:body></office:document-content>`,
  });
}

/**
 * A Word document of `megabytes` of paragraphs, deflated to about 1/300 of that: 500 MB of XML is a 1.8 MB file.
 * Built in pieces, so the test never holds the inflated text.
 */
export function zipBombDocx(megabytes: number): Buffer {
  const parts: Uint8Array[] = [];
  const archive = new Zip((error, data) => {
    if (error) throw error;
    parts.push(data);
  });
  const add = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 1 });
    archive.add(entry);
    entry.push(strToU8(text), true);
  };
  add('[Content_Types].xml', contentTypes);
  add('_rels/.rels', packageRels);
  const document = new ZipDeflate('word/document.xml', { level: 6 });
  archive.add(document);
  document.push(
    strToU8(`${xml}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`),
  );
  const block = strToU8('<w:p><w:r><w:t>Bomb</w:t></w:r></w:p>'.repeat(4096));
  for (let written = 0; written < megabytes * 1024 * 1024; written += block.length) document.push(block);
  document.push(strToU8('</w:body></w:document>'), true);
  archive.end();
  return Buffer.concat(parts);
}

/** Whether a PDF draws any picture (an image XObject); LibreOffice writes these dictionaries uncompressed. */
export const pdfHasPicture = (pdf: Buffer) => /\/Subtype\s*\/Image/.test(pdf.toString('latin1'));
