import { AppError } from '@parley/contracts';
import { orderPaymentSchema, priceOrder, type PricedProduct } from '@parley/contracts/validation';
import { Router } from 'express';
import { requireVisitor, visitorOf } from '../../auth/visitor-token';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { withBody } from '../validation';

type PaymentDeps = Pick<RouteDeps, 'billing' | 'conversations' | 'domains' | 'content' | 'visitorTokens'>;

export const PAYMENTS_OFF =
  "This shop does not take payments in the chat. Please use the product's page to buy it.";

/**
 * The widget's payment branch (spec screen 14, type Payment). The visitor says what they chose;
 * the price is computed here from the product as the shop saved it (priceOrder), and billing
 * creates the payment intent on the owner's connected account. The browser never sends an amount.
 */
export function widgetPaymentRoutes({
  billing,
  conversations,
  domains,
  content,
  visitorTokens,
}: PaymentDeps): Router {
  const router = Router();
  const visitorOnly = requireVisitor(visitorTokens);

  // Public: Stripe.js's address and publishable key (public by design).
  router.get('/payments/config', async (req, res) => {
    const config = await billing.getPaymentsConfig(callContext(req));
    res.set('Cache-Control', 'no-store').json({ data: config });
  });

  router.post(
    '/payments/intent',
    visitorOnly,
    withBody(orderPaymentSchema, async (input, req, res) => {
      const visitor = visitorOf(res);
      const ctx = callContext(req);
      const profile = await domains.getWidgetProfile(visitor.domainId, ctx);
      if (!profile.settings.paymentEnabled)
        throw new AppError('precondition', PAYMENTS_OFF, [], 'PAYMENTS_OFF');
      const products = await content.listPublishedItems('product', visitor.domainId, ctx);
      const item = products.find((p) => p.id === input.productId);
      if (!item) throw new AppError('not_found', 'Product not found', [], 'PRODUCT_NOT_FOUND');
      const product = item.body as unknown as PricedProduct;
      const currency = profile.settings.currency ?? 'USD';
      const priced = priceOrder(product, input, currency);
      const chat = await conversations.getVisitorChat(visitor, ctx);
      const intent = await billing.createOrderPaymentIntent(
        visitor.accountId,
        {
          domainId: visitor.domainId,
          customerId: visitor.customerId,
          roomId: chat.room?.id || null,
          productId: item.id,
          productName: product.name,
          description: priced.description,
          quantity: priced.quantity,
          amountCents: priced.amountCents,
          currency: currency.toLowerCase(),
          billingDetails: input.billingDetails,
        },
        ctx,
      );
      res.set('Cache-Control', 'no-store').json({
        data: {
          clientSecret: intent.clientSecret,
          amountCents: intent.amountCents,
          currency: intent.currency,
          description: priced.description,
        },
      });
    }),
  );
  return router;
}
