import { isWithinBusinessHours } from '@parley/contracts/business-hours';
import type { RoomAudience } from '@parley/contracts';
import type { Logger } from '@parley/logger';
import { assistantAnswer } from '@parley/metrics';
import type { AnswerEngine, Understanding } from '../engine/types';
import type { KnowledgeStore } from '../knowledge/store';
import {
  decide,
  evolve,
  historyOf,
  needsEngine,
  outcomeFacts,
  type ConversationState,
  type EngineOutcome,
  type PolicyFact,
  type Usage,
} from '../policy';
import type { ConversationsActions } from './conversations-client';
import { recordCustomerFact } from './customer-facts';
import type { BotSignals } from './signals';
import type { TurnInterrupts } from './turn-interrupts';

/** The account's request budget (billing). */
export interface UsageMeter {
  /** Counts one request unless none is left; idempotent by requestId (the visitor message id). */
  consume(accountId: string, requestId: string): Promise<Usage>;
}

export interface RespondDeps {
  knowledge: KnowledgeStore;
  engine: AnswerEngine;
  conversations: ConversationsActions;
  signals: BotSignals;
  usage: UsageMeter;
  /** Rooms going live while their turn runs (live-watch.ts feeds it). */
  interrupts: TurnInterrupts;
  logger: Logger;
}

/**
 * One visitor message in a room: the policy decides with the engine's reply, and the decision's
 * actions are carried out through conversations. Returns the room's state afterwards. Every
 * effect is idempotent on a repeat of the same message (client ids from its id, handoff and
 * mailed flags that change once), so a redelivery after a crash repeats nothing visible.
 */
export async function respondToVisitor(
  deps: RespondDeps,
  state: ConversationState,
  message: { id: string; text: string; roomId: string; audience: RoomAudience; postedAt?: string },
  visitorFact: PolicyFact,
): Promise<ConversationState> {
  const { roomId, audience } = message;
  const before = evolve(state, visitorFact);
  if (before.live) return before;
  // The visitor sees the bot at work before anything slow (knowledge, billing, the engine).
  deps.signals.typing(roomId, audience, true);
  const turn = deps.interrupts.begin(roomId);
  let streamed = false;
  try {
    const knowledge = await deps.knowledge.load(audience.domainId, audience.accountId);
    if (!knowledge && !(await deps.knowledge.isKnown(audience.domainId))) {
      // Conversations accepted the room, so the domain exists: the read model has not caught up
      // with it yet (a domain added a moment ago). Thrown so the lane tries again shortly.
      throw new Error(`domain ${audience.domainId} is not in the knowledge read model yet`);
    }
    if (!knowledge) {
      deps.logger.warn(
        { roomId, domainId: audience.domainId },
        'the room’s domain is deleted or not the account’s; not answered',
      );
      return before;
    }
    const usage = await deps.usage.consume(audience.accountId, message.id);
    let engine: EngineOutcome | null = null;
    let understanding: Understanding | null = null;
    if (needsEngine(before, usage) && !turn.signal.aborted) {
      engine = await runEngine(deps, knowledge, before, message, turn.signal, () => (streamed = true));
    }
    // At the limit no answer, but the message is still read: a visitor asking for a person is
    // handed over. Reading is the retrieval engine's, in this process: no request, no model call.
    // (A turn interrupted before its engine ran is read the same way, and then says nothing.)
    else understanding = readOnly(deps, knowledge, before, message);
    const outcome = decide(before, {
      message: { id: message.id, text: message.text },
      knowledge,
      usage,
      engine,
      understanding,
      interrupted: turn.signal.aborted,
      // When the visitor wrote, not when the bot got to it: a replay decides the same. Absent
      // while business hours are off (the record then says nothing about hours).
      ...(knowledge.businessHours?.enabled
        ? {
            inHours: isWithinBusinessHours(
              knowledge.businessHours,
              message.postedAt ? Date.parse(message.postedAt) : Date.now(),
            ),
          }
        : {}),
    });
    let skipped = 0;
    const done: typeof outcome.actions = [];
    for (const action of outcome.actions) {
      // The room went live between the decision and this post: the rest is not said (a post
      // already on its way may still land; conversations orders it before the switch or after).
      if (turn.signal.aborted && action.type !== 'set-email' && action.type !== 'save-answer') {
        skipped++;
        continue;
      }
      done.push(action);
      switch (action.type) {
        case 'post':
          await deps.conversations.postBotMessage({
            roomId,
            content: action.content,
            link: action.link ?? '',
            productIds: action.productIds,
            checkoutProductId: action.checkoutProductId ?? '',
            clientId: action.clientId,
            decisionJson: JSON.stringify(action.decision),
          });
          break;
        case 'request-handoff':
          await deps.conversations.requestHandoff(roomId, action.reason);
          break;
        case 'mark-mailed':
          // Conversations records RoomMailed once per room; the notifications service mails on it.
          await deps.conversations.markRoomMailed(roomId);
          break;
        case 'set-email':
        case 'save-answer':
          await recordCustomerFact(deps.conversations, deps.logger, roomId, action);
          break;
      }
    }
    observeAnswerTime(
      message.postedAt,
      skipped > 0 ? 'aborted' : outcome.decision.outcome,
      outcome.decision.engine,
    );
    deps.logger.info(
      {
        roomId,
        messageId: message.id,
        outcome: skipped > 0 ? 'aborted' : outcome.decision.outcome,
        intent: outcome.decision.intent,
        engine: outcome.decision.engine,
        fallback: outcome.decision.fallback,
        allowed: usage.allowed,
        actions: outcome.actions.map((a) => a.type),
        ...(skipped > 0 ? { skipped } : {}),
      },
      'visitor message handled',
    );
    // Only what was carried out: a post skipped above must not count as said.
    return outcomeFacts({ ...outcome, actions: done }).reduce(evolve, before);
  } finally {
    turn.end();
    // A draft that will not be posted is withdrawn (an empty stream), so no socket keeps it.
    if (streamed && turn.signal.aborted) deps.signals.stream(roomId, audience, '');
    deps.signals.typing(roomId, audience, false);
  }
}

/** The visitor's wait, from their message stored (the event's time) to now; unknown times are skipped. */
function observeAnswerTime(postedAt: string | undefined, outcome: string, engine: string | null): void {
  const since = postedAt ? Date.parse(postedAt) : Number.NaN;
  if (!Number.isFinite(since)) return;
  assistantAnswer.observe({ outcome, engine: engine ?? 'none' }, Math.max(0, Date.now() - since) / 1000);
}

function readOnly(
  deps: RespondDeps,
  knowledge: NonNullable<Awaited<ReturnType<KnowledgeStore['load']>>>,
  state: ConversationState,
  message: { id: string; text: string; roomId: string },
): Understanding | null {
  try {
    return deps.engine.understand(knowledge, message.text, historyOf(state, message.id));
  } catch (e) {
    deps.logger.warn({ err: e, roomId: message.roomId }, 'could not read the message; decided without');
    return null;
  }
}

async function runEngine(
  deps: RespondDeps,
  knowledge: NonNullable<Awaited<ReturnType<KnowledgeStore['load']>>>,
  state: ConversationState,
  message: { id: string; text: string; roomId: string; audience: RoomAudience; postedAt?: string },
  signal: AbortSignal,
  onStreamed: () => void,
): Promise<EngineOutcome> {
  const history = historyOf(state, message.id);
  let understanding = null;
  try {
    understanding = deps.engine.understand(knowledge, message.text, history);
    const reply = await deps.engine.answer({
      knowledge,
      message: message.text,
      history,
      understanding,
      onDelta: (text) => {
        // A delta that was on its way when the room went live is not shown.
        if (signal.aborted) return;
        onStreamed();
        deps.signals.stream(message.roomId, message.audience, text);
      },
      signal,
    });
    return { ok: true, engine: deps.engine.name, understanding, reply };
  } catch (e) {
    deps.logger.warn({ err: e, roomId: message.roomId }, 'engine failed; the policy decides without a reply');
    return {
      ok: false,
      engine: deps.engine.name,
      understanding,
      error: e instanceof Error ? e.message : String(e),
    };
  }
}
