// Issue 3's content forms in the browser: a product with a variant and a discount (derived
// discounted price), a help article, an appointment type, their Validation messages, and search.
import type { Page } from 'playwright-core';
import { expectFieldError, useBrowser } from './support/browser';
import { signUpOwnerWithDomain } from './support/owner';

const { journey } = useBrowser();

const toast = (page: Page) => page.locator('.ant-notification-notice').last();

describe('products, help articles, appointment types and search in the browser', () => {
  const domain = `cups-${Date.now().toString(36)}.com`;
  let domainId = '';
  const { step } = journey(async (t) => {
    domainId = await signUpOwnerWithDomain(t, 'content', domain);
  });

  step('a product: the Validation messages, then one with a variant and a discount', async (t) => {
    const { page } = t;
    await page.goto(t.url(`/dashboard/settings/domains/${domainId}?tab=products`));
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await expectFieldError(page, 'Product name', 'Product name is required');
    await expectFieldError(page, 'Price', 'Price is required');
    await expectFieldError(page, 'Product type', 'Product type is required');
    await expectFieldError(page, 'Description', 'Description is required');
    await dialog.getByLabel('Product URL').fill('not a url');
    await dialog.getByLabel('Product URL').blur();
    await expectFieldError(page, 'Product URL', 'Please enter a valid URL');

    await dialog.getByLabel('Product name').fill('Speckled mug');
    await dialog.getByLabel('Price', { exact: true }).fill('20');
    await dialog.getByRole('switch', { name: 'Has discount' }).click();
    await dialog.getByLabel('Discount (%)').fill('15');
    await page.getByTestId('discounted-price').getByText('$17.00').waitFor();
    await dialog.getByLabel('Product type').fill('Mug');
    await dialog.getByLabel('Product URL').fill('https://example.com/mug');
    await dialog.getByLabel('Description').fill('A speckled stoneware mug.');
    await dialog.getByRole('button', { name: 'Add variant' }).click();
    await dialog.getByLabel('Variant', { exact: true }).fill('Colour');
    await dialog.getByLabel('Option', { exact: true }).fill('Blue');
    await dialog.getByLabel('Price adjustment', { exact: true }).fill('2');
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await toast(page).getByText('Product created successfully').waitFor();

    const row = page.getByTestId('product-table').getByRole('row', { name: /Speckled mug/ });
    await row.waitFor();
    expect(await row.getByTestId('product-price').textContent()).toBe('$17.00$20.00');
    const list = (await (await page.request.get(t.url(`/api/products?domainId=${domainId}`))).json()) as {
      data: Array<Record<string, unknown>>;
    };
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      name: 'Speckled mug',
      price: 20,
      hasDiscount: true,
      discount: 15,
      discountedPrice: 17,
      variants: [{ name: 'Colour', trackQuantity: false, options: [{ value: 'Blue', priceAdjustment: 2 }] }],
    });
  });

  step('a help article: the Validation messages, then one saved', async (t) => {
    const { page } = t;
    await page.getByRole('tab', { name: 'Help articles' }).click();
    await page.getByRole('button', { name: 'New article' }).click();
    const dialog = page.getByRole('dialog', { name: 'New help article' });
    await dialog.getByRole('button', { name: 'Create article' }).click();
    await expectFieldError(page, 'Title', 'Title cannot be left empty');
    await expectFieldError(page, 'Question', 'Question cannot be left empty');
    await expectFieldError(page, 'Answer', 'Answer cannot be left empty');
    await dialog.getByLabel('Title').fill('Dishwasher safe?');
    await dialog.getByLabel('Question').fill('Can the mugs go in the dishwasher?');
    await dialog.getByLabel('Answer').fill('Yes, on the top rack.');
    await dialog.getByLabel('Category').fill('Care');
    await dialog.getByRole('button', { name: 'Create article' }).click();
    await toast(page).getByText('Article created successfully').waitFor();
    await page.getByTestId('article').filter({ hasText: 'Dishwasher safe?' }).waitFor();
  });

  step('an appointment type: the Validation messages, then one saved', async (t) => {
    const { page } = t;
    await page.getByRole('tab', { name: 'Appointment types' }).click();
    await page.getByRole('button', { name: 'New appointment type' }).click();
    const dialog = page.getByRole('dialog', { name: 'New appointment type' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectFieldError(page, 'Appointment name', 'Appointment name is required');
    await expectFieldError(page, 'Price', 'Price is required');
    await expectFieldError(page, 'Appointment type', 'Appointment type is required');
    await dialog.getByLabel('Appointment name').fill('Discovery Call');
    await dialog.getByLabel('Price', { exact: true }).fill('0');
    await dialog.getByLabel('Appointment type').fill('Video call');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page).getByText('Appointment type created successfully').waitFor();
    await page.getByTestId('appointment').filter({ hasText: 'Discovery Call' }).waitFor();
  });

  step('search needs a query and a domain, then finds the product and the article', async (t) => {
    const { page } = t;
    await page.goto(t.url('/dashboard/settings'));
    const card = page.getByTestId('search-card');
    await card.waitFor();
    // With one domain it is preselected; clearing it shows the domain message.
    await card.getByLabel('Domain').hover();
    await card.locator('.ant-select-clear').click();
    await card.getByRole('button', { name: 'Search' }).click();
    await expectFieldError(page, 'Search query', 'You must entery a search query');
    await expectFieldError(page, 'Domain', 'You must select a domain');
    await card.getByLabel('Domain').click();
    await page.locator('.ant-select-item-option', { hasText: domain }).click();
    await card.getByLabel('Search query').fill('mug');
    await card.getByRole('button', { name: 'Search' }).click();
    await card.getByTestId('search-hit').filter({ hasText: 'Speckled mug' }).waitFor();
    await card.getByTestId('search-hit').filter({ hasText: 'Dishwasher safe?' }).waitFor();
  });
});
