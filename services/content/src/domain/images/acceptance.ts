import { AppError } from '@parley/contracts';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '@parley/contracts/validation';
import { sniffImage, type SniffedImage } from './sniff';

const ACCEPTED_EXTENSIONS = new Set(['jpg', 'jpeg', 'png']);

export const imageTooLarge = () =>
  new AppError(
    'validation',
    IMAGE_MESSAGES.apiTooLarge,
    [{ field: 'file', message: IMAGE_MESSAGES.apiTooLarge }],
    'IMAGE_TOO_LARGE',
  );
export const imageTypeRefused = () =>
  new AppError(
    'validation',
    IMAGE_MESSAGES.apiType,
    [{ field: 'file', message: IMAGE_MESSAGES.apiType }],
    'IMAGE_TYPE',
  );

/** The last dot-separated part of a file name, lower-cased; undefined when the name has none. */
export function extensionOf(filename: string): string | undefined {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : undefined;
}

/**
 * The upload rule: at most MAX_IMAGE_BYTES, and a JPEG or PNG by its bytes. A name that says
 * otherwise (a PNG renamed .gif) is refused too, so what the owner sees named is what is stored;
 * the declared content type is never trusted. Throws IMAGE_TOO_LARGE or IMAGE_TYPE.
 */
export function acceptImage(bytes: Uint8Array, filename: string): SniffedImage {
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const extension = extensionOf(filename);
  if (extension !== undefined && !ACCEPTED_EXTENSIONS.has(extension)) throw imageTypeRefused();
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw imageTypeRefused();
  return sniffed;
}
