import yazl from 'yazl';

/**
 * Small files of every accepted type, and helpers to build hostile ones, for the upload tests.
 * The legacy Office files are synthetic: an OLE2 header and the UTF-16 stream names the checks look for.
 */

export const samplePdf = (text = 'Inspection report') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n% ${text}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
  );

/** A 1×1 transparent PNG. */
export const samplePng = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );

/** A 1×1 JPEG. */
export const sampleJpeg = () =>
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
    'base64',
  );

/** A 1×1 GIF. */
const sampleGif = () => Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** A 1×1 lossless WebP. */
const sampleWebp = () => Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

export const sampleText = () => Buffer.from('Stormwater inspection notes\nOutfall 1: clear\nOutfall 2: clear\n');

const sampleCsv = () => Buffer.from('date,outfall,result\n2026-01-15,1,clear\n2026-01-15,2,clear\n');

/** A ZIP of the given entries, built in memory. */
export async function zipOf(
  entries: Record<string, Buffer | string>,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, {
      compress: options.compress ?? true,
    });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

/** A minimal OOXML package (docx, xlsx or pptx); `extra` adds parts (e.g. a VBA project). */
export function sampleOoxml(
  kind: 'docx' | 'xlsx' | 'pptx',
  extra: Record<string, string | Buffer> = {},
): Promise<Buffer> {
  const main = { docx: 'word/document.xml', xlsx: 'xl/workbook.xml', pptx: 'ppt/presentation.xml' }[kind];
  return zipOf({ '[Content_Types].xml': CONTENT_TYPES, '_rels/.rels': '<Relationships/>', [main]: '<x/>', ...extra });
}

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** A synthetic legacy Office file whose directory names the given streams. */
export function sampleOle(streams: string[]): Buffer {
  const header = Buffer.alloc(512);
  OLE_MAGIC.copy(header);
  const directory = Buffer.concat(
    ['Root Entry', ...streams].map((name) => {
      const entry = Buffer.alloc(128);
      Buffer.from(name, 'utf16le').copy(entry);
      return entry;
    }),
  );
  return Buffer.concat([header, Buffer.alloc(512), directory]);
}

const sampleDoc = () => sampleOle(['WordDocument', '1Table']);
const sampleXls = () => sampleOle(['Workbook']);

/** One sample per accepted type: [file name, content]. */
export async function samplesOfEveryType(): Promise<[string, Buffer][]> {
  return [
    ['report.pdf', samplePdf()],
    ['photo.png', samplePng()],
    ['photo.jpg', sampleJpeg()],
    ['photo.jpeg', sampleJpeg()],
    ['animation.gif', sampleGif()],
    ['picture.webp', sampleWebp()],
    ['plan.docx', await sampleOoxml('docx')],
    ['log.xlsx', await sampleOoxml('xlsx')],
    ['training.pptx', await sampleOoxml('pptx')],
    ['legacy.doc', sampleDoc()],
    ['legacy.xls', sampleXls()],
    ['notes.txt', sampleText()],
    ['readings.csv', sampleCsv()],
    ['photos.zip', await zipOf({ 'a.jpg': sampleJpeg(), 'b.png': samplePng() })],
  ];
}
