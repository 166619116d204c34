import {
  BillingEvent,
  ConversationsEvent,
  accountPlanChangedSchema,
  appointmentBookedSchema,
  orderPaidSchema,
} from '@parley/contracts';
import { parseEventData } from '@parley/eventstore';
import type { Projection } from '@parley/projections';
import { z } from 'zod';
import { normalEmail, upsertContact } from './contact-rows';

const customerFacts = { customerId: z.string(), accountId: z.string(), domainId: z.string() };
const registeredSchema = z.looseObject({ ...customerFacts, registeredAt: z.string() });
const emailSetSchema = z.looseObject({ ...customerFacts, email: z.string(), setAt: z.string() });
const answersSavedSchema = z.looseObject({
  ...customerFacts,
  answers: z.array(
    z.looseObject({
      questionId: z.string(),
      question: z.string(),
      answer: z.string(),
      answeredAt: z.string(),
    }),
  ),
});

/**
 * Conversations' customers (aggregate customer): the address a visitor gave in a chat or the
 * widget's forms makes a contact of the domain, first seen then; the answers to filter questions
 * are kept per customer and belong to every contact with that customer's address.
 */
export const marketingCustomersProjection = (): Projection => ({
  name: 'notifications-marketing-customers-v1',
  context: 'conversations',
  aggregate: 'customer',
  async apply(tx, recorded) {
    if (recorded.type === ConversationsEvent.CustomerRegistered) {
      const e = parseEventData(registeredSchema, recorded);
      await tx.query(
        `INSERT INTO marketing_customers (customer_id, account_id, domain_id, registered_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (customer_id) DO NOTHING`,
        [e.customerId, e.accountId, e.domainId, e.registeredAt],
      );
    } else if (recorded.type === ConversationsEvent.CustomerEmailSet) {
      const e = parseEventData(emailSetSchema, recorded);
      await tx.query(
        `INSERT INTO marketing_customers (customer_id, account_id, domain_id, email, registered_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (customer_id) DO UPDATE SET email = EXCLUDED.email`,
        [e.customerId, e.accountId, e.domainId, normalEmail(e.email), e.setAt],
      );
      await upsertContact(tx, {
        accountId: e.accountId,
        domainId: e.domainId,
        email: e.email,
        seenAt: e.setAt,
      });
    } else if (recorded.type === ConversationsEvent.CustomerAnswersSaved) {
      const e = parseEventData(answersSavedSchema, recorded);
      for (const a of e.answers) {
        await tx.query(
          `INSERT INTO marketing_answers (customer_id, question_id, question, answer, answered_at)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (customer_id, question_id) DO UPDATE SET
             question = EXCLUDED.question, answer = EXCLUDED.answer, answered_at = EXCLUDED.answered_at`,
          [e.customerId, a.questionId, a.question, a.answer, a.answeredAt],
        );
      }
    }
  },
});

/** A booking (any tab of the widget) makes its address a contact, with its name, and counts. */
export const marketingBookingsProjection = (): Projection => ({
  name: 'notifications-marketing-bookings-v1',
  context: 'conversations',
  aggregate: 'slot',
  async apply(tx, recorded) {
    if (recorded.type !== ConversationsEvent.AppointmentBooked) return;
    const e = parseEventData(appointmentBookedSchema, recorded);
    await upsertContact(tx, {
      accountId: e.accountId,
      domainId: e.domainId,
      email: e.email,
      name: e.name,
      seenAt: e.bookedAt,
      bookings: 1,
      sourceId: `booking:${e.bookingId}`,
    });
  },
});

/** Billing: each account's plan limits, and paid orders (a contact, with its name, counted). */
export const marketingBillingProjection = (): Projection => ({
  name: 'notifications-marketing-billing-v1',
  context: 'billing',
  aggregate: 'account',
  async apply(tx, recorded) {
    if (recorded.type === BillingEvent.AccountPlanChanged) {
      const e = parseEventData(accountPlanChangedSchema, recorded);
      await tx.query(
        `INSERT INTO marketing_plans (account_id, plan, contacts, emails_per_month) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id) DO UPDATE SET
           plan = EXCLUDED.plan, contacts = EXCLUDED.contacts, emails_per_month = EXCLUDED.emails_per_month`,
        [e.accountId, e.plan, e.limits.contacts, e.limits.emailsPerMonth],
      );
    } else if (recorded.type === BillingEvent.OrderPaid) {
      const e = parseEventData(orderPaidSchema, recorded);
      if (!normalEmail(e.customerEmail)) return;
      await upsertContact(tx, {
        accountId: e.accountId,
        domainId: e.domainId,
        email: e.customerEmail,
        name: e.customerName,
        seenAt: e.paidAt,
        orders: 1,
        sourceId: `order:${e.orderId}`,
      });
    }
  },
});
