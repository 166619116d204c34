import { productSchema } from '@parley/contracts/validation';
import type { Router } from 'express';
import type { ContentItem } from '../../clients/content-client';
import type { RouteDeps } from '../deps';
import { contentItemRoutes, imageUrl } from './content-item-routes';

/** A product as the UI reads it: image ids kept as imageIds, images as urls, image = the first one. */
export function productView(item: ContentItem): Record<string, unknown> {
  const { images, ...body } = item.body as { images?: string[] } & Record<string, unknown>;
  const ids = images ?? [];
  const urls = ids.map(imageUrl);
  return {
    id: item.id,
    domainId: item.domainId,
    ...body,
    imageIds: ids,
    images: urls,
    image: urls[0] ?? null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** /api/products (productSchema). */
export const productsRoutes = ({ content }: Pick<RouteDeps, 'content'>): Router =>
  contentItemRoutes({ content, kind: 'product', schema: productSchema, view: productView });
