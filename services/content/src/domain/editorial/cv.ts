import { AppError } from '@parley/contracts';
import { EDITORIAL_MESSAGES as M, MAX_CV_BYTES } from '@parley/contracts/validation';

/** How far from the end a PDF's end-of-file marker may sit (writers add a line break or two). */
const TRAILER_WINDOW = 1024;

const refuse = (message: string, code: string) =>
  new AppError('validation', message, [{ field: 'cv', message }], code);

/**
 * A CV is accepted when its bytes are a PDF: the `%PDF-1.x`/`%PDF-2.x` header at the very start
 * and the `%%EOF` marker in its last kilobyte, at most 5 MB, and a file name, if it has an
 * extension, ending in .pdf. The declared content type is not asked: the bytes decide.
 */
export function acceptCv(data: Buffer, filename: string): void {
  if (data.length === 0) throw refuse(M.cvRequired, 'CV_REQUIRED');
  if (data.length > MAX_CV_BYTES) throw refuse(M.cvTooLarge, 'CV_TOO_LARGE');
  const extension = /\.([^./\\]+)$/.exec(filename.trim())?.[1]?.toLowerCase();
  const header = data.subarray(0, 8).toString('latin1');
  const trailer = data.subarray(Math.max(0, data.length - TRAILER_WINDOW)).toString('latin1');
  const looksLikePdf = /^%PDF-[12]\.\d/.test(header) && trailer.includes('%%EOF');
  if (!looksLikePdf || (extension !== undefined && extension !== 'pdf')) throw refuse(M.cvType, 'CV_TYPE');
}

/** The name a CV is stored and downloaded under: its own, made safe for a header, always .pdf. */
export function cvFilename(filename: string): string {
  const base = filename
    .trim()
    .replace(/^.*[\\/]/, '')
    .replace(/\.pdf$/i, '')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '')
    .trim()
    .slice(0, 100);
  return `${base || 'cv'}.pdf`;
}
