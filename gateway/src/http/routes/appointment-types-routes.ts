import { appointmentTypeSchema } from '@parley/contracts/validation';
import type { Router } from 'express';
import type { ContentItem } from '../../clients/content-client';
import type { RouteDeps } from '../deps';
import { contentItemRoutes, imageUrl } from './content-item-routes';

/** An appointment type as the UI reads it: the image id as imageId, image as its url (or null). */
export function appointmentTypeView(item: ContentItem): Record<string, unknown> {
  const { image, ...body } = item.body as { image?: string } & Record<string, unknown>;
  return {
    id: item.id,
    domainId: item.domainId,
    ...body,
    imageId: image ?? null,
    image: image ? imageUrl(image) : null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** /api/appointment-types (appointmentTypeSchema). */
export const appointmentTypesRoutes = ({ content }: Pick<RouteDeps, 'content'>): Router =>
  contentItemRoutes({
    content,
    kind: 'appointment',
    schema: appointmentTypeSchema,
    view: appointmentTypeView,
  });
