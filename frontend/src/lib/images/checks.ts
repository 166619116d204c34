import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '@parley/contracts/validation';

const EXTENSIONS = ['.jpg', '.jpeg', '.png'];

/**
 * The uploader's own checks before anything is sent (spec: JPG, JPEG, PNG, at most 2097152
 * bytes). Only name and size: the server reads the bytes and refuses a disguised file itself.
 */
export function uploaderProblem(file: { name: string; size: number }): string | undefined {
  const name = file.name.toLowerCase();
  if (!EXTENSIONS.some((ext) => name.endsWith(ext))) return IMAGE_MESSAGES.uploaderType;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.uploaderTooLarge;
  return undefined;
}
