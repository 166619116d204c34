import { helpArticleSchema } from '@parley/contracts/validation';
import type { Router } from 'express';
import type { ContentItem } from '../../clients/content-client';
import type { RouteDeps } from '../deps';
import { contentItemRoutes } from './content-item-routes';

export const helpArticleView = (item: ContentItem): Record<string, unknown> => ({
  id: item.id,
  domainId: item.domainId,
  ...item.body,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
});

/** /api/help-articles (helpArticleSchema). */
export const helpArticlesRoutes = ({ content }: Pick<RouteDeps, 'content'>): Router =>
  contentItemRoutes({ content, kind: 'article', schema: helpArticleSchema, view: helpArticleView });
