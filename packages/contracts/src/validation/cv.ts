import { EDITORIAL_MESSAGES as M, MAX_CV_BYTES } from './editorial';

/** How far from the end a PDF's end-of-file marker may sit (writers add a line break or two). */
const TRAILER_WINDOW = 1024;
const HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const EOF_MARK = [0x25, 0x25, 0x45, 0x4f, 0x46]; // %%EOF

export type CvProblem = { code: 'CV_REQUIRED' | 'CV_TOO_LARGE' | 'CV_TYPE'; message: string };

function contains(bytes: Uint8Array, pattern: number[], from: number): boolean {
  outer: for (let i = Math.max(0, from); i <= bytes.length - pattern.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * What is wrong with a CV, judged by its bytes (the declared type is not asked), or null: it must
 * be a PDF (the `%PDF-1.x` or `%PDF-2.x` header at the very start, `%%EOF` in its last kilobyte)
 * of at most 5 MB, and a file name with an extension must end in .pdf. The careers form asks it
 * of the chosen file, the gateway of the upload, content of what it keeps.
 */
export function cvProblem(bytes: Uint8Array, filename: string): CvProblem | null {
  if (bytes.length === 0) return { code: 'CV_REQUIRED', message: M.cvRequired };
  if (bytes.length > MAX_CV_BYTES) return { code: 'CV_TOO_LARGE', message: M.cvTooLarge };
  const extension = /\.([^./\\]+)$/.exec(filename.trim())?.[1]?.toLowerCase();
  const header =
    HEADER.every((b, i) => bytes[i] === b) &&
    (bytes[5] === 0x31 || bytes[5] === 0x32) &&
    bytes[6] === 0x2e &&
    bytes[7] !== undefined &&
    bytes[7] >= 0x30 &&
    bytes[7] <= 0x39;
  const trailer = contains(bytes, EOF_MARK, bytes.length - TRAILER_WINDOW);
  if (!header || !trailer || (extension !== undefined && extension !== 'pdf'))
    return { code: 'CV_TYPE', message: M.cvType };
  return null;
}
