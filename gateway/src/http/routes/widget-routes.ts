import type { DomainSettings, WidgetBusinessHours } from '@parley/contracts';
import { isWithinBusinessHours } from '@parley/contracts/business-hours';
import { takenSlotsQuerySchema, widgetSessionSchema } from '@parley/contracts/validation';
import { Router } from 'express';
import type { ContentItem } from '../../clients/content-client';
import type { RouteDeps } from '../deps';
import { callContext, clientKey } from '../request-facts';
import { parseBody, withBody } from '../validation';
import { widgetSessionView } from './conversation-views';
import { imageUrl } from './content-item-routes';
import { widgetPaymentRoutes } from './widget-payment-routes';
import { widgetVisitorRoutes } from './widget-visitor-routes';

/** The settings a visitor's widget shows; anything added to DomainSettings later stays private until listed. */
const PUBLIC_SETTINGS = [
  'welcomeMessage',
  // Custom branding: the domains service leaves both out for accounts not on PRO.
  'widgetName',
  'hidePoweredBy',
  'image',
  'domainLogo',
  'background',
  'textColor',
  'iconColor',
  'themeColor',
  'helpDeskColor',
  'titleColor',
  'iconStyle',
  'paymentEnabled',
  'currency',
  'customLinkTitle',
  'customLinkDescription',
  'customLinkUrl',
  'feedbackEnabled',
  'feedbackQuestion',
  'feedbackYesText',
  'feedbackNoText',
  'feedbackFollowUp',
] as const satisfies ReadonlyArray<keyof DomainSettings>;

/** Only the listed fields, so a field added to an item or the settings later stays private until listed. */
const pick = (source: object, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(
    keys
      .filter((k) => (source as Record<string, unknown>)[k] !== undefined)
      .map((k) => [k, (source as Record<string, unknown>)[k]]),
  );

const body = (item: ContentItem) => item.body as Record<string, unknown>;

export const publicArticleView = (item: ContentItem) =>
  pick({ id: item.id, ...body(item) }, [
    'id',
    'title',
    'question',
    'answer',
    'content',
    'articleType',
    'category',
    'tags',
    'isPinned',
  ]);

export function publicProductView(item: ContentItem) {
  const ids = (body(item).images as string[] | undefined) ?? [];
  const images = ids.map(imageUrl);
  return {
    ...pick({ id: item.id, ...body(item) }, [
      'id',
      'name',
      'price',
      'hasDiscount',
      'discount',
      'discountedPrice',
      'productUrl',
      'productType',
      'description',
      'variants',
    ]),
    productUrl: (body(item).productUrl as string | undefined) ?? null,
    image: images[0] ?? null,
    images,
  };
}

export function publicAppointmentTypeView(item: ContentItem) {
  const image = body(item).image as string | undefined;
  return {
    ...pick({ id: item.id, ...body(item) }, ['id', 'name', 'price', 'appointmentType']),
    image: image ? imageUrl(image) : null,
  };
}

type WidgetDeps = Pick<
  RouteDeps,
  'conversations' | 'domains' | 'content' | 'visitorTokens' | 'rateLimits' | 'billing'
>;

/**
 * /api/widget: what the widget iframe (served by the gateway, so same-origin) calls. The public
 * reads show only what any visitor of a domain may see; the visitor routes need a visitor token.
 * Nothing here reads cookies: a dashboard session in the same browser neither helps nor hurts.
 */
export function widgetRoutes(deps: WidgetDeps): Router {
  const { conversations, domains, content, visitorTokens, rateLimits } = deps;
  const router = Router();

  router.post(
    '/session',
    withBody(widgetSessionSchema, async (input, req, res) => {
      await rateLimits.consume('widgetSession', clientKey(req));
      const session = await conversations.openVisitorSession(
        { domainId: input.domainId, visitorKey: input.visitorKey ?? '' },
        callContext(req),
      );
      const issued = await visitorTokens.issue({
        customerId: session.customerId,
        domainId: session.domainId,
        accountId: session.accountId,
        keyId: session.keyId,
      });
      res.set('Cache-Control', 'no-store').json({ data: widgetSessionView(session, issued) });
    }),
  );

  router.get('/domains/:domainId', async (req, res) => {
    const profile = await domains.getWidgetProfile(req.params.domainId, callContext(req));
    res.json({
      data: {
        domainId: profile.domain.id,
        domain: profile.domain.domain,
        settings: pick(profile.settings, PUBLIC_SETTINGS),
        homeSettings: profile.homeSettings,
        businessHours: {
          enabled: profile.businessHours.enabled,
          open: isWithinBusinessHours(profile.businessHours, Date.now()),
          offlineMessage: profile.businessHours.offlineMessage,
        } satisfies WidgetBusinessHours,
      },
    });
  });

  router.get('/domains/:domainId/articles', async (req, res) => {
    const items = await content.listPublishedItems('article', req.params.domainId, callContext(req));
    res.json({ data: items.map(publicArticleView) });
  });

  router.get('/domains/:domainId/products', async (req, res) => {
    const items = await content.listPublishedItems('product', req.params.domainId, callContext(req));
    res.json({ data: items.map(publicProductView) });
  });

  router.get('/domains/:domainId/appointment-types', async (req, res) => {
    const items = await content.listPublishedItems('appointment', req.params.domainId, callContext(req));
    res.json({ data: items.map(publicAppointmentTypeView) });
  });

  router.get('/domains/:domainId/taken-slots', async (req, res) => {
    const { date } = parseBody(takenSlotsQuerySchema, { date: req.query.date });
    const slots = await conversations.listTakenSlots(
      { domainId: req.params.domainId, date },
      callContext(req),
    );
    res.set('Cache-Control', 'no-store').json({ data: slots });
  });

  router.use(widgetPaymentRoutes(deps));
  router.use(widgetVisitorRoutes(deps));
  return router;
}
