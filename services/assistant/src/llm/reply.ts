import type { EngineReply, FallbackReason } from '../engine/types';

/**
 * The language model's reply: its words, and everything else from the retrieval reply it was
 * grounded on. The rule is deliberately simple: the model saw retrieval's best source first and
 * was told to answer only from the facts, so the link and product cards shown with its words are
 * that source's when retrieval was confident in it (kind 'answer') and none otherwise (retrieval
 * sets no source for a clarifying question or an offer of a person). The model never decides
 * what is linked, so it can't attach a link or card the facts don't back. Kind and confidence
 * stay retrieval's too, so the conversation policy (handoff, unresolved counts) judges both
 * engines by the same measure.
 */
export function groundedReply(retrieval: EngineReply, text: string): EngineReply {
  return {
    kind: retrieval.kind,
    text,
    source: retrieval.source,
    link: retrieval.link,
    productIds: retrieval.productIds,
    confidence: retrieval.confidence,
    candidates: retrieval.candidates,
  };
}

/** The retrieval reply, sent instead, marked with why. */
export function fallbackReply(retrieval: EngineReply, reason: FallbackReason): EngineReply {
  return { ...retrieval, fallbackReason: reason };
}
