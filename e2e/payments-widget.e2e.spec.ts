// Issue 12, the widget's payment branch (spec screen 14, Step 2 type Payment) against the local
// Stripe-compatible server: an owner with payouts set up (Stripe Connect) turns payments on; a
// visitor on the customer's site picks a product's variant, sees the order summary with its image
// gallery and the total the shop's prices make, pays with a card in 'Complete Your Purchase' and
// sees 'Thank You'. The owner sees the order as a note in the visitor's conversation, a
// notification in the bell and a row under Orders.
import { eventually } from '@parley/testing';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { openWidget, startHostSite, widgetFrame, type HostSite } from './support/host-site';
import { connectPayouts, ownerApi, signUpOwnerWithDomain } from './support/owner';
import { send, shot } from './support/widget-chat';
import { PNG } from './support/images';

const { journey } = useBrowser();

describe('a visitor buys a product in the widget', () => {
  const domain = `shop-${Date.now().toString(36)}.com`;
  let host: HostSite;
  let site: Page;
  let productId = '';

  const { step } = journey(async (t) => {
    const domainId = await signUpOwnerWithDomain(t, 'widget-pay', domain);
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
    const mug = await ownerApi<{ data: { id: string } }>(t, 'POST', '/products', {
      domainId,
      name: 'Glazed mug',
      price: 20,
      images,
      productType: 'Physical',
      description: 'A glazed stoneware mug.',
      variants: [
        {
          name: 'Size',
          trackQuantity: true,
          options: [
            { value: 'Small', priceAdjustment: 0, quantity: 3 },
            { value: 'Large', priceAdjustment: 4.5, quantity: 2 },
            { value: 'Giant', priceAdjustment: 9, quantity: 0 },
          ],
        },
      ],
    });
    productId = mug.data.id;

    // Payouts through Stripe Connect's onboarding (the local server's page), then payments on.
    await connectPayouts(t);
    // A shop in pounds: the widget shows, Stripe charges and the owner reads the order in GBP.
    await ownerApi(t, 'PATCH', `/domains/${domainId}/settings`, { paymentEnabled: true, currency: 'GBP' });

    host = await startHostSite(t.env.gatewayUrl, domainId, 'Glaze & Co');
    site = await t.context.newPage();
    await site.goto(host.url);
    await widgetFrame(site).getByTestId('launcher').waitFor();
  });

  afterAll(async () => {
    await host?.close();
  });

  step("picks a variant, pays in 'Complete Your Purchase' and sees 'Thank You'", async () => {
    const w = await openWidget(site);
    // The visitor chats first: the order's note goes into this conversation. A greeting, not a wish
    // to buy: that would have the assistant open the payment flow itself (the assistant's spec).
    await w.getByTestId('tab-chat').click();
    await send(w, 'Hello there!');

    await w.getByTestId('tab-products').click();
    await w.getByTestId('product-card').filter({ hasText: 'Glazed mug' }).click();
    const dialog = w.getByTestId('product-dialog');
    expect(await dialog.getByRole('button', { name: 'Giant (+£9.00)' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Large (+£4.50)' }).click();
    await dialog.getByTestId('buy-now').click();

    const flow = w.getByTestId('payment');
    await flow.getByTestId('payment-step-title').getByText('Complete Your Purchase').waitFor();
    const summary = flow.getByTestId('order-summary');
    expect(await summary.locator('.pw-thumbs button').count()).toBe(2);
    expect(await summary.getByRole('button', { name: 'Large (+£4.50)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await summary.getByLabel('Quantity').fill('2');
    await summary.getByTestId('order-total').getByText('£49.00').waitFor();
    // Quantity tracking: only 2 Large are left.
    await summary.getByLabel('Quantity').fill('5');
    await summary.getByTestId('order-total').getByText('£49.00').waitFor();

    // The form's rules: required fields with their messages.
    await flow.getByRole('button', { name: 'Complete Purchase' }).click();
    await flow.getByText('Full name is required').waitFor();
    await flow.getByText('City is required').waitFor();

    await flow.getByLabel('Full name').fill('Vera Visitor');
    await flow.getByLabel('Email').fill('vera@example.com');
    await flow.getByLabel('Address line 1').fill('5 Elm Road');
    await flow.getByLabel('City').fill('Portland');
    await flow.getByLabel('Postal code').fill('97201');
    await flow.getByLabel('State/province').fill('OR');
    await flow.locator('[data-stripe-local="number"]').fill('4242 4242 4242 4242');
    await flow.locator('[data-stripe-local="expiry"]').fill('1234');
    await flow.locator('[data-stripe-local="cvc"]').fill('123');
    await shot(site, 'payments-widget', 'complete-your-purchase');
    await flow.getByRole('button', { name: 'Complete Purchase' }).click();
    await flow.getByTestId('payment-step-title').getByText('Thank You').waitFor({ timeout: 30_000 });
    await flow
      .getByTestId('payment-thanks')
      .getByText(/Glazed mug — Size: Large × 2: £49\.00/)
      .waitFor();
    await shot(site, 'payments-widget', 'thank-you');
  });

  step(
    'the owner sees the order: a note in the conversation, a notification, a row under Orders',
    async (t) => {
      const { page } = t;
      const orders = await eventually(async () => {
        const { data } = await ownerApi<{
          data: Array<{ roomId: string | null; amountCents: number; description: string }>;
        }>(t, 'GET', '/payments/orders');
        expect(data).toHaveLength(1);
        return data;
      }, 30_000);
      expect(orders[0]).toMatchObject({ amountCents: 4900, description: 'Glazed mug — Size: Large × 2' });
      const roomId = orders[0]!.roomId!;
      expect(roomId).toBeTruthy();

      await eventually(async () => {
        const { data } = await ownerApi<{ data: Array<{ type: string; message: string }> }>(
          t,
          'GET',
          '/notifications',
        );
        expect(data.map((n) => n.type)).toContain('ORDER_PAID');
      }, 30_000);

      await page.goto(t.url(`/dashboard/conversation?room=${encodeURIComponent(roomId)}`));
      const note = page
        .getByTestId('note')
        .filter({ hasText: 'Order paid: Glazed mug — Size: Large × 2, £49.00, by Vera Visitor' });
      await note.waitFor({ timeout: 30_000 });
      await note.getByText('Internal Note').waitFor();
      await shot(page, 'payments-widget', 'owner-conversation-note');
      // The bell shows it too.
      await page
        .getByRole('button', { name: /notifications/i })
        .first()
        .click();
      await page
        .getByText(/New order: Vera Visitor paid £49\.00/)
        .first()
        .waitFor();

      await page.goto(t.url('/dashboard/settings'));
      const row = page
        .getByTestId('orders-card')
        .getByRole('row')
        .filter({ hasText: 'Glazed mug — Size: Large × 2' });
      await row.getByText('£49.00').waitFor();
      await shot(page, 'payments-widget', 'owner-orders');
      expect(productId).not.toBe('');
    },
  );
});
