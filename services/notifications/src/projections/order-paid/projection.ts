import type { Projection } from '@parley/projections';
import { orderPaidNotification } from '../../domain/in-app/order-paid';
import { recordNotification } from '../../in-app/notification-store';

/** billing.OrderPaid -> ORDER_PAID in the owner's bell (pushed like the other shown types). */
export function orderPaidProjection(clock: () => Date = () => new Date()): Projection {
  return {
    name: 'notifications-order-paid-v1',
    context: 'billing',
    aggregate: 'account',
    async apply(tx, recorded) {
      const notification = orderPaidNotification(recorded);
      if (notification) await recordNotification(tx, notification, clock());
    },
  };
}
