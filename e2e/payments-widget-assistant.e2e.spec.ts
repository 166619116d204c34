// Issue 12: "The assistant's purchase intent opens this flow when the domain has payments on."
// An owner with payouts set up (Stripe Connect, on the local Stripe-compatible server) turns
// payments on; a visitor writes "I want to buy the Glazed mug" in the chat, and the assistant's
// reply opens 'Complete Your Purchase' for that mug by itself: the order summary with its gallery
// and variants, the payment form. The visitor picks a size, pays with a card and sees 'Thank You';
// the owner has the order.
import { eventually } from '@parley/testing';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { openWidget, startHostSite, widgetFrame, type HostSite } from './support/host-site';
import { connectPayouts, ownerApi, signUpOwnerWithDomain } from './support/owner';
import { send, shot } from './support/widget-chat';
import { PNG } from './support/images';

const { journey } = useBrowser();

describe('the assistant opens the payment flow for the product a visitor wants to buy', () => {
  const domain = `assist-${Date.now().toString(36)}.com`;
  let host: HostSite;
  let site: Page;
  let domainId = '';

  const { step } = journey(async (t) => {
    domainId = await signUpOwnerWithDomain(t, 'assist-pay', domain);
    const origin = new URL(t.env.frontendUrl).origin;
    const upload = async (name: string) => {
      const res = await t.page.request.post(t.url('/api/images'), {
        multipart: { file: { name, mimeType: 'image/png', buffer: PNG } },
        headers: { origin },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { data: { id: string } }).data.id;
    };
    const images = [await upload('front.png'), await upload('side.png')];
    const product = (name: string, price: number, extra: Record<string, unknown> = {}) =>
      ownerApi(t, 'POST', '/products', {
        domainId,
        name,
        price,
        productType: 'Physical',
        description: `A ${name.toLowerCase()}.`,
        ...extra,
      });
    await product('Glazed mug', 20, {
      images,
      variants: [
        {
          name: 'Size',
          trackQuantity: true,
          options: [
            { value: 'Small', priceAdjustment: 0, quantity: 3 },
            { value: 'Large', priceAdjustment: 4.5, quantity: 2 },
          ],
        },
      ],
    });
    await product('Linen tea towel', 12);

    await connectPayouts(t);
    await ownerApi(t, 'PATCH', `/domains/${domainId}/settings`, { paymentEnabled: true });

    host = await startHostSite(t.env.gatewayUrl, domainId, 'Glaze & Co');
    site = await t.context.newPage();
    await site.goto(host.url);
    await widgetFrame(site).getByTestId('launcher').waitFor();
  });

  afterAll(async () => {
    await host?.close();
  });

  step(
    "'I want to buy the Glazed mug' opens 'Complete Your Purchase' for it, and the purchase completes",
    async () => {
      const w = await openWidget(site);
      await w.getByTestId('tab-chat').click();
      await send(w, 'I want to buy the Glazed mug');

      // No card to click, no 'Buy Now': the reply itself opens the payment flow for that mug.
      const flow = w.getByTestId('payment');
      await flow
        .getByTestId('payment-step-title')
        .getByText('Complete Your Purchase')
        .waitFor({ timeout: 20_000 });
      const summary = flow.getByTestId('order-summary');
      await summary.getByText('Glazed mug').waitFor();
      expect(await summary.locator('.pw-thumbs button').count()).toBe(2);
      await shot(site, 'payments-widget-assistant', 'opened-by-the-assistant');
      await summary.getByRole('button', { name: 'Large (+$4.50)' }).click();
      await summary.getByTestId('order-total').getByText('$24.50').waitFor();

      await flow.getByLabel('Full name').fill('Vera Visitor');
      await flow.getByLabel('Email').fill('vera@example.com');
      await flow.getByLabel('Address line 1').fill('5 Elm Road');
      await flow.getByLabel('City').fill('Portland');
      await flow.getByLabel('Postal code').fill('97201');
      await flow.getByLabel('State/province').fill('OR');
      await flow.locator('[data-stripe-local="number"]').fill('4242 4242 4242 4242');
      await flow.locator('[data-stripe-local="expiry"]').fill('1234');
      await flow.locator('[data-stripe-local="cvc"]').fill('123');
      await flow.getByRole('button', { name: 'Complete Purchase' }).click();
      await flow.getByTestId('payment-step-title').getByText('Thank You').waitFor({ timeout: 30_000 });
      await flow
        .getByTestId('payment-thanks')
        .getByText(/Glazed mug — Size: Large × 1: \$24\.50/)
        .waitFor();
      await shot(site, 'payments-widget-assistant', 'thank-you');
      await flow.getByRole('button', { name: 'Close' }).last().click();

      // The reply stays in the chat with its product, and opens the flow again on demand.
      const reply = w.getByTestId('chat-message-assistant').filter({ hasText: 'You can buy Glazed mug' });
      const chip = reply.getByText('Glazed mug', { exact: true });
      await chip.waitFor();
      expect(await reply.getByText('Linen tea towel').count()).toBe(0);
      await shot(site, 'payments-widget-assistant', 'the-reply-in-the-chat');
      // Chat rows keep the chat's layout whatever the payment form's styles: the product's name on
      // one line, the visitor's bubble at the right edge (a form row's grid once split them in two).
      expect((await chip.boundingBox())!.height).toBeLessThan(30);
      const mine = (await w.getByTestId('chat-message-visitor').last().locator('.pw-bubble').boundingBox())!;
      const list = (await w.getByTestId('chat-messages').boundingBox())!;
      expect(list.x + list.width - (mine.x + mine.width)).toBeLessThan(40);
      await reply.getByTestId('chat-action-purchase').click();
      await flow.getByTestId('payment-step-title').getByText('Complete Your Purchase').waitFor();
      await shot(site, 'payments-widget-assistant', 'opened-again-from-the-reply');
      await flow.getByRole('button', { name: 'Close' }).first().click();
      expect(await w.getByTestId('payment').count()).toBe(0);
    },
  );

  step('a product added while the widget is open opens too', async (t) => {
    await ownerApi(t, 'POST', '/products', {
      domainId,
      name: 'Speckled bowl',
      price: 15,
      productType: 'Physical',
      description: 'A speckled bowl.',
    });
    await eventually(async () => {
      const res = await t.page.request.get(`${t.env.gatewayUrl}/api/widget/domains/${domainId}/products`);
      expect(JSON.stringify(await res.json())).toContain('Speckled bowl');
    });
    const w = widgetFrame(site);
    await send(w, 'I want to buy the Speckled bowl');
    const flow = w.getByTestId('payment');
    await flow.getByTestId('order-summary').getByText('Speckled bowl').waitFor({ timeout: 20_000 });
    await flow.getByTestId('order-total').getByText('$15.00').waitFor();
    await flow.getByRole('button', { name: 'Close' }).first().click();
  });

  step('the owner has the order', async (t) => {
    const orders = await eventually(async () => {
      const { data } = await ownerApi<{ data: Array<{ amountCents: number; description: string }> }>(
        t,
        'GET',
        '/payments/orders',
      );
      expect(data).toHaveLength(1);
      return data;
    }, 30_000);
    expect(orders[0]).toMatchObject({ amountCents: 2450, description: 'Glazed mug — Size: Large × 1' });
  });
});
