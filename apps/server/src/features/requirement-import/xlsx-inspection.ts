import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError } from '../../platform/errors';

/**
 * The XLSX reader unpacks the whole workbook in memory, so an import accepts far less expanded data than
 * a stored document (whose ZIP checks allow gigabytes): a register of 5,000 rows is a few megabytes.
 */
const IMPORT_ZIP_LIMITS = { maxEntries: 2_000, maxTotalUncompressed: 100 * 1024 * 1024 };

const WORKBOOK_PART = 'xl/workbook.xml';
/** `date1904` is an xsd:boolean: Excel writes "1", other writers "true"; exceljs 4.4 only knows "1". */
const DATE_1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904\s*=\s*["'](?:1|true)["']/;

const damaged = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'The XLSX file is damaged');

async function textOf(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, readable) => (error ? reject(damaged()) : resolve(readable))),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads the central directory (refusing a workbook that expands too far) and the small workbook part,
 * for its date system.
 */
export async function inspectXlsx(bytes: Buffer): Promise<{ date1904: boolean }> {
  const tooLarge = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `The workbook expands to more than ${IMPORT_ZIP_LIMITS.maxTotalUncompressed / 1024 / 1024} MB; split it or save it as CSV`,
    );
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { validateEntrySizes: true });
  } catch {
    throw damaged();
  }
  let entries = 0;
  let total = 0;
  let workbook: yauzl.Entry | undefined;
  try {
    for await (const entry of zip.eachEntry()) {
      entries += 1;
      total += entry.uncompressedSize;
      if (entries > IMPORT_ZIP_LIMITS.maxEntries || total > IMPORT_ZIP_LIMITS.maxTotalUncompressed) throw tooLarge();
      if (entry.fileName === WORKBOOK_PART) workbook = entry;
    }
    return { date1904: workbook ? DATE_1904.test(await textOf(zip, workbook)) : false };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged();
  } finally {
    zip.close();
  }
}
