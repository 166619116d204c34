import { AppError, type AppErrorKind, type FieldError } from '../errors';

/**
 * The content context's refusal codes (items, images, and the editorial side: posts, jobs,
 * applications, taxonomy), which clients may branch on (docs/api.md and docs/api/*.md name them);
 * the service raises no other. INVALID_TEXT comes from the shared text check, not from the context.
 */
export const CONTENT_ERROR_CODES = [
  'VALIDATION',
  'FORBIDDEN',
  'NOT_FOUND',
  'EXISTS',
  'DOMAIN_NOT_FOUND',
  'IMAGE_TOO_LARGE',
  'IMAGE_TYPE',
  'IMAGE_DIMENSIONS',
  'SLUG_TAKEN',
  'NAME_TAKEN',
  'JOB_NOT_OPEN',
  'JOB_HAS_APPLICATIONS',
  'ALREADY_APPLIED',
  'CV_REQUIRED',
  'CV_TOO_LARGE',
  'CV_TYPE',
] as const;
export type ContentErrorCode = (typeof CONTENT_ERROR_CODES)[number];

/** A refusal of the content context, its code one of CONTENT_ERROR_CODES. */
export function contentError(
  kind: AppErrorKind,
  message: string,
  code: ContentErrorCode,
  fields: FieldError[] = [],
): AppError<ContentErrorCode> {
  return new AppError(kind, message, fields, code);
}
