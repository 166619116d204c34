import { orderPaidNotification } from './order-paid';

const data = {
  accountId: 'acc',
  orderId: 'pi_1',
  domainId: 'dom',
  customerId: 'cus',
  roomId: 'room',
  productId: 'prod',
  productName: 'Mug',
  description: 'Mug — Size: Large × 2',
  quantity: 2,
  amountCents: 4300,
  currency: 'usd',
  customerName: 'Ada',
  customerEmail: 'ada@example.com',
  paidAt: '2026-11-22T18:00:00.000Z',
};

describe('ORDER_PAID', () => {
  it("tells the owner who paid how much for what, opening the visitor's conversation", () => {
    expect(
      orderPaidNotification({ type: 'billing.OrderPaid', eventId: 'e1', occurredAt: data.paidAt, data }),
    ).toEqual({
      sourceEventId: 'e1',
      accountId: 'acc',
      userId: 'acc',
      type: 'ORDER_PAID',
      message: 'New order: Ada paid $43.00 for Mug — Size: Large × 2.',
      domainId: 'dom',
      roomId: 'room',
      createdAt: new Date(data.paidAt),
    });
  });

  it('ignores other billing events and refuses a broken one', () => {
    expect(
      orderPaidNotification({ type: 'billing.AccountPlanChanged', eventId: 'e', occurredAt: '', data: {} }),
    ).toBeNull();
    expect(() =>
      orderPaidNotification({ type: 'billing.OrderPaid', eventId: 'e', occurredAt: '', data: {} }),
    ).toThrow(/does not match its contract/);
  });
});
