import { contentError } from '@parley/contracts';
import { cvProblem } from '@parley/contracts/validation';

/** A CV is kept only when its bytes are a PDF of at most 5 MB (`cvProblem`, shared with the form). */
export function acceptCv(data: Buffer, filename: string): void {
  const problem = cvProblem(data, filename);
  if (problem)
    throw contentError('validation', problem.message, problem.code, [
      { field: 'cv', message: problem.message },
    ]);
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
