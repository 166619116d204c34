import { AppError, isAppError, type FieldError } from '@parley/contracts';
import type { Caller } from '@parley/grpc';
import type { CallContext } from '../../clients/call-context';
import type { ContentClient } from '../../clients/content-client';

/** The domain settings that name an uploaded image (docs/api/domains.md). */
const IMAGE_FIELDS = ['domainLogo', 'image'] as const;
const IMAGE_NOT_FOUND = 'Image not found';

/**
 * Each image id the settings set must be one of the account's own images, as a product's must
 * (docs/api/content.md): another account's image, or one that does not exist, is a 400 'Image not
 * found' on its field. Content owns images and the domains service knows nothing of them, so the
 * gateway, which calls both, asks content before the settings are saved.
 */
export async function requireOwnImages(
  content: Pick<ContentClient, 'getImageMeta'>,
  caller: Caller,
  settings: Partial<Record<(typeof IMAGE_FIELDS)[number], string | undefined>>,
  context: CallContext,
): Promise<void> {
  const missing = await Promise.all(
    IMAGE_FIELDS.map(async (field): Promise<FieldError | undefined> => {
      const id = settings[field];
      if (!id) return undefined;
      try {
        await content.getImageMeta(caller, id, context);
        return undefined;
      } catch (error) {
        if (isAppError(error) && error.kind === 'not_found') return { field, message: IMAGE_NOT_FOUND };
        throw error;
      }
    }),
  );
  const fields = missing.filter((f): f is FieldError => f !== undefined);
  if (fields.length) throw new AppError('validation', IMAGE_NOT_FOUND, fields, 'VALIDATION');
}
