import * as grpc from '@grpc/grpc-js';
import { AppError } from '@parley/contracts';
import { findUnsafeText, invalidTextError } from '@parley/contracts/validation';
import { grpcServerHandled } from '@parley/metrics';
import { statusCodeOf, toItemError, type ItemErrorMessage } from './errors';
import { inServerSpanOf } from './tracing';

/** One item of a batch call as the wire hands it over: a single call's request and its trace context. */
export interface BatchItemMessage<Req> {
  request?: Req | null;
  traceparent?: string;
  tracestate?: string;
}

/** One item's answer: what its single call would have answered, or the error it would have failed with. */
export type BatchItemResult<Res> = { ok: Res } | { error: ItemErrorMessage };

export interface BatchItemsOptions<Req, Res> {
  /** The single method the items stand for (`parley.x.v1.X/Post`): spans and metrics carry it. */
  label: string;
  /** The batch method, recorded on each item's span. */
  batchLabel: string;
  /** Items with the same key run one after another in their order; others concurrently. */
  keyOf(request: Req): string;
  handle(request: Req): Promise<Res>;
  onInternalError?(error: unknown): void;
}

/**
 * Runs each item of a batch call as its own unary call would run (unary()): its own check for
 * unsafe text, its own server span continuing the item's trace, its errors mapped to an item
 * error as a single call's are to a status. A bad item fails alone. Answers come back in the
 * items' order.
 */
export function runBatchItems<Req, Res>(
  items: ReadonlyArray<BatchItemMessage<Req>>,
  options: BatchItemsOptions<Req, Res>,
): Promise<Array<BatchItemResult<Res>>> {
  const { label } = options;
  const tails = new Map<string, Promise<unknown>>();
  const runOne = (item: BatchItemMessage<Req>): Promise<BatchItemResult<Res>> => {
    const carrier: Record<string, string> = {};
    if (item.traceparent) carrier.traceparent = item.traceparent;
    if (item.tracestate) carrier.tracestate = item.tracestate;
    return inServerSpanOf(
      label,
      carrier,
      async (traced) => {
        let result: BatchItemResult<Res>;
        let code: grpc.status = grpc.status.OK;
        try {
          const request = (item.request ?? {}) as Req;
          const unsafe = findUnsafeText(request);
          if (unsafe !== undefined) throw invalidTextError(unsafe);
          result = { ok: await options.handle(request) };
        } catch (error) {
          code = statusCodeOf(error);
          if (options.onInternalError && (code === grpc.status.INTERNAL || !(error instanceof AppError)))
            options.onInternalError(error);
          result = { error: toItemError(error) };
        }
        const codeName = grpc.status[code] ?? String(code);
        grpcServerHandled.inc({ method: label, code: codeName });
        traced(code, codeName);
        return result;
      },
      { 'parley.rpc.batch': options.batchLabel },
    );
  };
  return Promise.all(
    items.map((item) => {
      const key = options.keyOf((item.request ?? {}) as Req);
      const run = (tails.get(key) ?? Promise.resolve()).then(() => runOne(item));
      tails.set(key, run);
      return run;
    }),
  );
}
