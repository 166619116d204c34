/**
 * The conversation policy: what the assistant does with one visitor message, whichever engine
 * answered. Pure: no I/O, no clock. The service runs it like this, per room:
 *
 *   state = facts.reduce(evolve, initialConversationState)   // from the room's events: roomFact(e)
 *                                                             // and the customer's: EmailSet, AnswersSaved
 *   state = evolve(state, visitorFact)                        // a live room: stop here, the team answers
 *   usage = consume(accountId, msg.id)   // billing counts one request unless none is left (once per
 *                                        // message id): every message that reaches here counts, until
 *                                        // the limit; from then on none does
 *   if (needsEngine(state, usage)) engineOutcome = run the engine (history: historyOf(state, msg.id))
 *   else understanding = engine.understand(...)   // at the limit: read (for a handoff), not answered
 *   const outcome = decide(state, { message, knowledge, usage, engine: engineOutcome ?? null, understanding });
 *   state = outcomeFacts(outcome).reduce(evolve, state)       // at once, see below
 *   for (const a of outcome.actions) in order:
 *     post            -> PostBotMessage { room_id, content, link ?? '', product_ids, client_id,
 *                                         checkout_product_id: checkoutProductId ?? '',
 *                                         decision_json: JSON.stringify(a.decision) }
 *     set-email       -> SetRoomCustomerEmail { room_id, email } (links the room to the
 *                        customer with that email)
 *     save-answer     -> SaveRoomCustomerAnswer { room_id, question_id, question, answer } (one per
 *                        question the message answered: filter-answers.ts says which)
 *     request-handoff -> RequestHandoff { room_id, reason }  (the room goes live; the conversations
 *                        service posts 'Live support mode has been enabled' itself)
 *     mark-mailed     -> MarkRoomMailed; email the owner and notify LIVE_SUPPORT only when
 *                        newly_mailed is true (once per room)
 *
 * Evolving is idempotent (messages by id; decisions set values), so applying `outcomeFacts` right
 * away and the same messages again when they come back as events is safe: a visitor who writes
 * twice quickly is not greeted twice.
 *
 * Booking: a `post` whose link is `{"action":"booking","title":"Book a meeting"}` (plus
 * `"appointmentTypeId"` when the engine matched an appointment type) asks the widget to open its
 * booking flow. It has no `href`, so the generic link card ignores it.
 *
 * Buying: a `post` with `checkoutProductId` (one of its productIds; only when the domain takes
 * payments and the visitor named one product) asks the widget to open its payment flow for it.
 *
 * Every post carries the turn's DecisionRecord (`part` says which message it is): engine, intent,
 * confidence, source, top candidates, what was asked/saved, unresolved count and why, < 2 KB.
 */
export { decide, needsEngine } from './decide';
export { parseDecision, type DecisionRecord, type HandoffReason, type Outcome, type Part } from './decision';
export { outcomeFacts, roomFact } from './facts';
export { UNRESOLVED_THRESHOLD, DEFAULT_HANDOFF } from './handoff-setting';
export type { EngineOutcome, EngineName, PolicyAction, PolicyInput, PolicyOutcome, Usage } from './io';
export type { BookingLink } from './offers';
export {
  evolve,
  historyOf,
  initialConversationState,
  storedState,
  type ConversationState,
  type PolicyFact,
} from './state';
export { texts } from './texts';
