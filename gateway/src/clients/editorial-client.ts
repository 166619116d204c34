import { callUnary, createClient, loadService, type Caller, type CallerTokenSigner } from '@parley/grpc';
import { metadataOf, type CallContext } from './call-context';

/** Room for a 5 MB CV and the rest of its request; grpc-js takes 4 MiB by default. */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

export type TermKind = 'tag' | 'category';

export interface CvFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * proto/content/v1/editorial.proto as the gateway uses it: the service answers JSON documents in
 * the REST bodies' shapes (docs/api/editorial.md), handed on as they are; rejections are AppErrors.
 */
export interface EditorialClient {
  /** An admin call: `method` of the service with the caller and the request's parts. */
  admin(
    method: string,
    caller: Caller,
    request: { kind?: TermKind; id?: string; input?: unknown; query?: unknown },
    context?: CallContext,
  ): Promise<unknown>;
  /** An admin call that answers nothing (deletes). */
  adminDone(
    method: string,
    caller: Caller,
    request: { kind?: TermKind; id?: string },
    context?: CallContext,
  ): Promise<void>;
  /** A public read: no caller. */
  read(method: string, request: { id?: string; query?: unknown }, context?: CallContext): Promise<unknown>;
  submitApplication(
    request: { jobId: string; input: unknown; cv: { data: Buffer; filename: string } },
    context?: CallContext,
  ): Promise<{ id: string; jobTitle: string }>;
  applicationCv(caller: Caller, id: string, context?: CallContext): Promise<CvFile>;
  close(): void;
}

const parsed = (reply: { json: string }) => JSON.parse(reply.json) as unknown;

export function createEditorialClient(
  address: string,
  deadlineMs: number,
  callerToken?: CallerTokenSigner,
): EditorialClient {
  const Editorial = loadService('content/v1/editorial.proto', 'parley.content.v1.Editorial');
  const client = createClient(Editorial, address, { maxMessageBytes: MAX_MESSAGE_BYTES, callerToken });
  const call = <Res>(method: string, request: object, context?: CallContext) =>
    callUnary<object, Res>(client, method, request, { deadlineMs, metadata: metadataOf(context) });
  const adminRequest = (
    caller: Caller,
    r: { kind?: TermKind; id?: string; input?: unknown; query?: unknown },
  ) => ({
    caller,
    kind: r.kind ?? '',
    id: r.id ?? '',
    inputJson: r.input === undefined ? '' : JSON.stringify(r.input),
    queryJson: r.query === undefined ? '' : JSON.stringify(r.query),
  });

  return {
    admin: async (method, caller, request, context) =>
      parsed(await call<{ json: string }>(method, adminRequest(caller, request), context)),
    adminDone: async (method, caller, request, context) => {
      await call(method, adminRequest(caller, request), context);
    },
    read: async (method, request, context) =>
      parsed(
        await call<{ json: string }>(
          method,
          {
            id: request.id ?? '',
            queryJson: request.query === undefined ? '' : JSON.stringify(request.query),
          },
          context,
        ),
      ),
    submitApplication: async ({ jobId, input, cv }, context) =>
      parsed(
        await call<{ json: string }>(
          'submitApplication',
          { jobId, inputJson: JSON.stringify(input), cvData: cv.data, cvFilename: cv.filename },
          context,
        ),
      ) as { id: string; jobTitle: string },
    applicationCv: (caller, id, context) => call<CvFile>('getApplicationCv', { caller, id }, context),
    close: () => client.close(),
  };
}
