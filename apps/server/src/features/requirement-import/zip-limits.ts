import yauzl from 'yauzl';
import { AppError } from '../../platform/errors';

/**
 * The XLSX reader unpacks the whole workbook in memory, so an import accepts far less expanded data than
 * a stored document (whose ZIP checks allow gigabytes): a register of 5,000 rows is a few megabytes.
 */
export const IMPORT_ZIP_LIMITS = { maxEntries: 2_000, maxTotalUncompressed: 100 * 1024 * 1024 };

/** Reads the central directory only (nothing is decompressed) and refuses a workbook that expands too far. */
export async function assertZipWithinLimits(bytes: Buffer): Promise<void> {
  const tooLarge = () =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `The workbook expands to more than ${IMPORT_ZIP_LIMITS.maxTotalUncompressed / 1024 / 1024} MB; split it or save it as CSV`,
    );
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { validateEntrySizes: true });
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The XLSX file is damaged');
  }
  let entries = 0;
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      entries += 1;
      total += entry.uncompressedSize;
      if (entries > IMPORT_ZIP_LIMITS.maxEntries || total > IMPORT_ZIP_LIMITS.maxTotalUncompressed) throw tooLarge();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The XLSX file is damaged');
  } finally {
    zip.close();
  }
}
