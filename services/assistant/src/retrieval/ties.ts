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

const explains = (x: Retrieved) => x.source.kind === 'article' || x.source.kind === 'faq';
const sells = (x: Retrieved) => x.source.kind === 'product';

/**
 * A tie between an entry that explains (an article, a filter question's answer) and a product
 * that carries the same words ("do you do whitening?": the whitening article and the whitening
 * kit) is settled by how the message asks: shopping (what is sold, what it costs) takes the
 * product, anything else the explanation. Other ties stay ties.
 */
export function settleKindTie(
  results: Retrieved[],
  shopping: boolean,
): { results: Retrieved[]; settled: boolean } {
  const [top, next] = results;
  if (!top || !next || !tied(results)) return { results, settled: false };
  const wanted = shopping ? sells : explains;
  const other = shopping ? explains : sells;
  if (wanted(top) && other(next)) return { results, settled: true };
  if (other(top) && wanted(next)) return { results: [next, top, ...results.slice(2)], settled: true };
  return { results, settled: false };
}
