import type { Retrieved } from '../engine/types';

/** Scores this close are a tie: nothing in the message tells the two entries apart. */
const TIE = 0.03;

/**
 * Two different entries the message fits equally well, by score and by how much of it each
 * covers: answering either would be a guess, so the visitor is asked which one they mean.
 */
export function tied(results: Retrieved[]): boolean {
  const [top, next] = results;
  if (!top || !next) return false;
  return next.score >= top.score * (1 - TIE) && Math.abs(top.confidence - next.confidence) <= TIE;
}

/**
 * Results whose scores are within a few percent, put in the order of how much of the message
 * each covers: when BM25 cannot tell them apart, the entry that answers more of what was asked goes first.
 */
export function settleNearTies(results: Retrieved[]): Retrieved[] {
  const [top, next] = results;
  if (!top || !next || next.score < top.score * NEAR_TIE || next.confidence <= top.confidence + TIE)
    return results;
  return [next, top, ...results.slice(2)];
}
const NEAR_TIE = 0.95;
