import * as grpc from '@grpc/grpc-js';
import { INVALID_TEXT_MESSAGE } from '@parley/contracts/validation';
import { unary } from './unary';

type Answer = { error: Partial<grpc.ServiceError> | null; response?: unknown };

/** Runs a unary handler the way grpc-js would, for one decoded request. */
function callWith(handler: Parameters<typeof unary>[0], request: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const call = { request, metadata: new grpc.Metadata() } as unknown as grpc.ServerUnaryCall<
      unknown,
      unknown
    >;
    unary(handler)(call, (error, response) => resolve({ error, response }));
  });
}

describe('unary: text no store can keep is refused before the handler runs', () => {
  it.each([
    ['a NUL', { content: 'hi\u0000' }, 'content'],
    [
      'an unpaired surrogate, nested',
      { caller: { userId: 'u' }, answers: [{ answer: '\udfff' }] },
      'answers.0.answer',
    ],
  ])('%s answers INVALID_ARGUMENT with app-code INVALID_TEXT', async (_what, request, field) => {
    const handler = jest.fn(async () => ({}));
    const { error } = await callWith(handler, request);
    expect(handler).not.toHaveBeenCalled();
    expect(error?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(error?.details).toBe(INVALID_TEXT_MESSAGE);
    expect(error?.metadata?.get('app-code')).toEqual(['INVALID_TEXT']);
    expect(JSON.parse(String(error?.metadata?.get('app-fields')[0]))).toEqual([
      { field, message: INVALID_TEXT_MESSAGE },
    ]);
  });

  it('passes safe text and bytes (an image may hold any byte) to the handler', async () => {
    const handler = jest.fn(async () => ({ ok: true }));
    const { error, response } = await callWith(handler, {
      content: 'héllo 😀',
      data: Buffer.from([0, 0xed, 0xa0, 0x80]),
    });
    expect(error).toBeNull();
    expect(response).toEqual({ ok: true });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
