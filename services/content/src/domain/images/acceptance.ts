import { contentError } from '@parley/contracts';
import {
  IMAGE_MESSAGES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
} from '@parley/contracts/validation';
import { sniffImage, type SniffedImage } from './sniff';

type ImageType = SniffedImage['contentType'];

/** What each accepted extension claims the bytes are. */
const TYPE_OF_EXTENSION: Record<string, ImageType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** Declared content types that name JPEG or PNG (older browsers' spellings included). */
const TYPE_OF_DECLARED: Record<string, ImageType> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/x-png': 'image/png',
};
/** What a client sends when it does not know the type: it claims nothing. */
const NO_CLAIM = new Set(['', 'application/octet-stream']);

export const imageTooLarge = () =>
  contentError('validation', IMAGE_MESSAGES.apiTooLarge, 'IMAGE_TOO_LARGE', [
    { field: 'file', message: IMAGE_MESSAGES.apiTooLarge },
  ]);
export const imageTypeRefused = () =>
  contentError('validation', IMAGE_MESSAGES.apiType, 'IMAGE_TYPE', [
    { field: 'file', message: IMAGE_MESSAGES.apiType },
  ]);
export const imageDimensionsRefused = () =>
  contentError('validation', IMAGE_MESSAGES.apiDimensions, 'IMAGE_DIMENSIONS', [
    { field: 'file', message: IMAGE_MESSAGES.apiDimensions },
  ]);

/** The last dot-separated part of a file name, lower-cased; undefined when the name has none. */
export function extensionOf(filename: string): string | undefined {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : undefined;
}

/** The media type of a Content-Type value, lower-cased, without parameters. */
const mediaTypeOf = (declared: string): string => (declared.split(';')[0] ?? '').trim().toLowerCase();

/**
 * The upload rule: at most MAX_IMAGE_BYTES; a JPEG or PNG by its bytes, which a name's extension
 * and a declared type, when they claim a type, must agree with (a PNG named .jpg or sent as
 * image/jpeg is refused, so what the owner sees named is what is stored); and at most
 * MAX_IMAGE_SIDE pixels a side and MAX_IMAGE_PIXELS in all by the image's own header. Throws
 * IMAGE_TOO_LARGE, IMAGE_TYPE or IMAGE_DIMENSIONS.
 */
export function acceptImage(bytes: Uint8Array, filename: string, declaredType = ''): SniffedImage {
  if (bytes.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const extension = extensionOf(filename);
  const named = extension === undefined ? undefined : TYPE_OF_EXTENSION[extension];
  if (extension !== undefined && named === undefined) throw imageTypeRefused();
  const declared = mediaTypeOf(declaredType);
  if (!NO_CLAIM.has(declared) && TYPE_OF_DECLARED[declared] === undefined) throw imageTypeRefused();
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw imageTypeRefused();
  if (named !== undefined && named !== sniffed.contentType) throw imageTypeRefused();
  if (!NO_CLAIM.has(declared) && TYPE_OF_DECLARED[declared] !== sniffed.contentType) throw imageTypeRefused();
  if (
    sniffed.width > MAX_IMAGE_SIDE ||
    sniffed.height > MAX_IMAGE_SIDE ||
    sniffed.width * sniffed.height > MAX_IMAGE_PIXELS
  )
    throw imageDimensionsRefused();
  return sniffed;
}
