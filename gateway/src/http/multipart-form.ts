import { AppError } from '@parley/contracts';
import { invalidTextError, isSafeText } from '@parley/contracts/validation';
import busboy from 'busboy';
import type { Request } from 'express';

export interface FormFile {
  data: Buffer;
  filename: string;
  /** Empty when the part was cut off at the limit: `truncated` says so. */
  truncated: boolean;
}

export interface MultipartForm {
  /** Every text field by name, repeated ones in order. */
  fields: Map<string, string[]>;
  /** The file part named as asked, if the form had one with any bytes. */
  file?: FormFile;
}

export interface MultipartLimits {
  fileField: string;
  maxFileBytes: number;
  /** Fields other than these are ignored. */
  fieldNames: readonly string[];
  maxFields: number;
  maxFieldBytes: number;
}

const unreadable = () => new AppError('validation', 'The form could not be read', [], 'BAD_REQUEST');

/**
 * Reads a multipart form as it streams in: text fields up to their limits, one file part kept up
 * to `maxFileBytes` (a bigger one is cut off there, the rest read and dropped, never held).
 * Settles once: a body that ends mid-part, a dropped connection or text no store can keep
 * (INVALID_TEXT) ends the read with a refusal.
 */
export function readMultipartForm(req: Request, limits: MultipartLimits): Promise<MultipartForm> {
  if (!req.is('multipart/form-data'))
    return Promise.reject(
      new AppError('validation', 'Send the form as multipart/form-data', [], 'BAD_REQUEST'),
    );
  const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity')
    return Promise.reject(
      new AppError('validation', 'Send the form without a Content-Encoding', [], 'UNSUPPORTED_ENCODING'),
    );
  return new Promise<MultipartForm>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: limits.maxFileBytes,
          files: 1,
          fields: limits.maxFields,
          fieldSize: limits.maxFieldBytes,
          parts: limits.maxFields + 2,
        },
      });
    } catch {
      reject(unreadable());
      return;
    }
    let settled = false;
    const fields = new Map<string, string[]>();
    let file: { chunks: Buffer[]; filename: string; truncated: boolean } | undefined;
    const refuse = (error: AppError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.removeAllListeners('file').removeAllListeners('field');
      req.resume();
      reject(error);
    };
    parser.on('file', (name, stream, info) => {
      stream.on('error', () => refuse(unreadable()));
      if (name !== limits.fileField || file) {
        stream.resume();
        return;
      }
      if (!isSafeText(info.filename ?? '')) {
        stream.resume();
        refuse(invalidTextError(limits.fileField));
        return;
      }
      const current = { chunks: [] as Buffer[], filename: info.filename ?? '', truncated: false };
      file = current;
      stream.on('data', (chunk: Buffer) => {
        if (!current.truncated) current.chunks.push(chunk);
      });
      stream.on('limit', () => {
        current.truncated = true;
        current.chunks = [];
      });
    });
    parser.on('field', (name, value, info) => {
      if (!isSafeText(name) || !isSafeText(value)) {
        refuse(invalidTextError(isSafeText(name) ? name : undefined));
        return;
      }
      if (info.valueTruncated) {
        refuse(
          new AppError(
            'validation',
            `${name} is too long`,
            [{ field: name, message: 'The text is too long' }],
            'VALIDATION',
          ),
        );
        return;
      }
      if (limits.fieldNames.includes(name)) fields.set(name, [...(fields.get(name) ?? []), value]);
    });
    parser.on('error', () => refuse(unreadable()));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      const data = file ? Buffer.concat(file.chunks) : undefined;
      resolve({
        fields,
        ...(file && (file.truncated || data!.length > 0)
          ? { file: { data: data!, filename: file.filename, truncated: file.truncated } }
          : {}),
      });
    });
    req.on('aborted', () => {
      refuse(unreadable());
      parser.destroy();
    });
    req.pipe(parser);
  });
}
