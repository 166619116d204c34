import { AppError, DEFAULT_APPOINTMENT_NAME } from '@parley/contracts';
import {
  articleFeedbackSchema,
  bookingSchema,
  customerAnswersSchema,
  offlineMessageSchema,
  visitorEmailSchema,
} from '@parley/contracts/validation';
import { Router, type Request, type Response } from 'express';
import { requireVisitor, visitorOf, type Visitor } from '../../auth/visitor-token';
import type { CustomerAnswer__Output } from '../../clients/conversations-client';
import type { RouteDeps } from '../deps';
import { callContext, clientKey } from '../request-facts';
import { withBody } from '../validation';
import {
  chatMessageView,
  productCardsFor,
  visitorBookingView,
  widgetSessionView,
} from './conversation-views';
import { postVisitorMessage } from '../../messages/post-visitor-message';

type VisitorDeps = Pick<RouteDeps, 'conversations' | 'domains' | 'content' | 'visitorTokens' | 'rateLimits'>;

const notFound = (what: string) =>
  new AppError('not_found', `${what} not found`, [], `${what.toUpperCase().replace(/ /g, '_')}_NOT_FOUND`);

/**
 * The visitor's own side of the widget (visitor token only). Everything acts for the token's
 * customer in the token's domain; ids in the request never widen that.
 */
export function widgetVisitorRoutes({
  conversations,
  domains,
  content,
  visitorTokens,
  rateLimits,
}: VisitorDeps): Router {
  const router = Router();
  // Per route rather than router-wide: an unknown /api/widget path stays a 404.
  const visitorOnly = requireVisitor(visitorTokens);
  const ctx = (req: Request) => callContext(req);
  const me = (res: Response): Visitor => visitorOf(res);

  type PublicQuestion = { id: string; question: string };

  /** The domain's questions, each with this customer's answer when they gave one. */
  const withAnswers = (questions: PublicQuestion[], answers: CustomerAnswer__Output[]) => {
    const byQuestion = new Map(answers.map((a) => [a.questionId, a.answer]));
    return questions.map((q) => {
      const answer = byQuestion.get(q.id) || null;
      return { id: q.id, question: q.question, answered: answer !== null, answer };
    });
  };

  router.get('/chat', visitorOnly, async (req, res) => {
    const visitor = me(res);
    const chat = await conversations.getVisitorChat(visitor, ctx(req));
    // The service never sends notes to a visitor; this boundary does not rely on it.
    const messages = chat.messages.filter((m) => !m.isNote);
    const cards = await productCardsFor(content, visitor.domainId, messages, ctx(req));
    res.set('Cache-Control', 'no-store').json({
      data: {
        room: chat.room?.id ? { id: chat.room.id, live: chat.room.live } : null,
        messages: messages.map((m) => chatMessageView(m, cards)),
      },
    });
  });

  router.post('/messages', visitorOnly, async (req, res) => {
    const posted = await postVisitorMessage(
      { conversations, rateLimits },
      { visitor: me(res), clientIp: clientKey(req) },
      req.body,
      ctx(req),
    );
    res.status(201).json({ data: posted });
  });

  router.post('/seen', visitorOnly, async (req, res) => {
    await conversations.markSeenByVisitor(me(res), ctx(req));
    res.status(204).end();
  });

  router.post(
    '/email',
    visitorOnly,
    withBody(visitorEmailSchema, async (input, req, res) => {
      const session = await conversations.setVisitorEmail(me(res), input.email, ctx(req));
      // The visitor may now be another (existing) customer: the token must name that one, and the
      // new key (which continues this browser's key, so reaches only what it opened).
      const issued = await visitorTokens.issue({
        customerId: session.customerId,
        domainId: session.domainId,
        accountId: session.accountId,
        keyId: session.keyId,
      });
      res.set('Cache-Control', 'no-store').json({ data: widgetSessionView(session, issued) });
    }),
  );

  /**
   * Issue 17: the offline form (outside business hours). The email is set as by POST /email (so
   * the visitor may continue as an existing customer: a new token comes back), then the message
   * is posted as theirs, marked offline: the assistant leaves it to the team, the room turns
   * unread and the owner is mailed once.
   */
  router.post(
    '/offline-message',
    visitorOnly,
    withBody(offlineMessageSchema, async (input, req, res) => {
      const visitor = me(res);
      await rateLimits.consumeInOrder([
        { policy: 'visitorMessage', key: visitor.customerId },
        { policy: 'visitorMessageIp', key: `${visitor.domainId}:${clientKey(req)}` },
      ]);
      const session = await conversations.setVisitorEmail(visitor, input.email, ctx(req));
      const issued = await visitorTokens.issue({
        customerId: session.customerId,
        domainId: session.domainId,
        accountId: session.accountId,
        keyId: session.keyId,
      });
      const posted = await conversations.postVisitorMessage(
        { customerId: session.customerId, domainId: session.domainId, keyId: session.keyId },
        { content: input.message, clientId: input.clientId ?? '', offline: true },
        ctx(req),
      );
      if (!posted.message || !posted.room)
        throw new AppError('internal', 'conversations answered no message');
      res
        .status(201)
        .set('Cache-Control', 'no-store')
        .json({
          data: {
            session: widgetSessionView(session, issued),
            roomId: posted.room.id,
            message: chatMessageView(posted.message, new Map()),
          },
        });
    }),
  );

  router.get('/questions', visitorOnly, async (req, res) => {
    const visitor = me(res);
    const [questions, answers] = await Promise.all([
      domains.listPublicFilterQuestions(visitor.domainId, ctx(req)),
      conversations.listCustomerAnswers(visitor, ctx(req)),
    ]);
    res.set('Cache-Control', 'no-store').json({ data: withAnswers(questions, answers) });
  });

  router.post(
    '/answers',
    visitorOnly,
    withBody(customerAnswersSchema, async (input, req, res) => {
      const visitor = me(res);
      const questions = await domains.listPublicFilterQuestions(visitor.domainId, ctx(req));
      const asked = new Map(questions.map((q) => [q.id, q.question]));
      const answers = input.answers.map((a, index) => {
        const question = asked.get(a.questionId);
        if (question === undefined) {
          const message = 'This question is not asked any more';
          throw new AppError('validation', message, [{ field: `answers.${index}.questionId`, message }]);
        }
        return { questionId: a.questionId, question, answer: a.answer };
      });
      const saved = await conversations.saveCustomerAnswers(visitor, answers, ctx(req));
      res.json({ data: withAnswers(questions, saved) });
    }),
  );

  router.post(
    '/bookings',
    visitorOnly,
    withBody(bookingSchema, async (input, req, res) => {
      const visitor = me(res);
      let appointmentName = DEFAULT_APPOINTMENT_NAME;
      if (input.appointmentTypeId) {
        const [type] = await content.getPublicItems(
          'appointment',
          visitor.domainId,
          [input.appointmentTypeId],
          ctx(req),
        );
        if (!type) throw notFound('Appointment type');
        appointmentName = String(type.body.name);
      }
      const booking = await conversations.bookAppointment(
        visitor,
        {
          appointmentTypeId: input.appointmentTypeId ?? '',
          appointmentName,
          date: input.date,
          slot: input.slot,
          email: input.email,
          name: input.name ?? '',
        },
        ctx(req),
      );
      res.json({ data: visitorBookingView(booking) });
    }),
  );

  router.post(
    '/feedback',
    visitorOnly,
    withBody(articleFeedbackSchema, async (input, req, res) => {
      const visitor = me(res);
      const [article] = await content.getPublicItems(
        'article',
        visitor.domainId,
        [input.articleId],
        ctx(req),
      );
      if (!article) throw notFound('Article');
      await conversations.recordArticleFeedback(
        visitor,
        { articleId: article.id, helpful: input.helpful },
        ctx(req),
      );
      res.status(204).end();
    }),
  );

  return router;
}
