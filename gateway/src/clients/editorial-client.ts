import { loadService, rpcClient, type Caller, type RpcClient, type CallerTokenSigner } from '@parley/grpc';
import type {
  EditorialRequest,
  FileReply__Output,
  JsonReply__Output,
  PublicRequest,
} from '@parley/grpc/generated/parley/content/v1';
import { metadataOf, type CallContext } from './call-context';

/** Room for a 5 MB CV and the rest of its request; grpc-js takes 4 MiB by default. */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

export type TermKind = 'tag' | 'category';

export type CvFile = FileReply__Output;

type Editorial = RpcClient<'parley.content.v1.Editorial'>;
/** The service's methods that take `R` and answer `A`, by name. */
type MethodsTaking<R, A> = {
  [K in keyof Editorial]: Editorial[K] extends (request: R, ...rest: never[]) => Promise<A> ? K : never;
}[keyof Editorial];
/** The admin methods answering a JSON document (GetOverview, ListPosts, CreateJob, ...). */
export type EditorialAdminMethod = MethodsTaking<EditorialRequest, JsonReply__Output>;
/** The admin methods answering nothing (the deletes). */
export type EditorialDoneMethod = Exclude<
  MethodsTaking<EditorialRequest, object>,
  EditorialAdminMethod | 'getApplicationCv'
>;
/** The public reads (published posts, terms, open jobs). */
export type EditorialReadMethod = MethodsTaking<PublicRequest, JsonReply__Output>;

/**
 * proto/content/v1/editorial.proto as the gateway uses it: the service answers JSON documents in
 * the REST bodies' shapes (docs/api/editorial.md), handed on as they are; rejections are AppErrors.
 */
export interface EditorialClient {
  /** An admin call: `method` of the service with the caller and the request's parts. */
  admin(
    method: EditorialAdminMethod,
    caller: Caller,
    request: { kind?: TermKind; id?: string; input?: unknown; query?: unknown },
    context?: CallContext,
  ): Promise<unknown>;
  /** An admin call that answers nothing (deletes). */
  adminDone(
    method: EditorialDoneMethod,
    caller: Caller,
    request: { kind?: TermKind; id?: string },
    context?: CallContext,
  ): Promise<void>;
  /** A public read: no caller. */
  read(
    method: EditorialReadMethod,
    request: { id?: string; query?: unknown },
    context?: CallContext,
  ): Promise<unknown>;
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
  const rpc = rpcClient(Editorial, address, { deadlineMs, maxMessageBytes: MAX_MESSAGE_BYTES, callerToken });
  const call = (context?: CallContext) => ({ metadata: metadataOf(context) });
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
      parsed(await rpc[method](adminRequest(caller, request), call(context))),
    adminDone: async (method, caller, request, context) => {
      await rpc[method](adminRequest(caller, request), call(context));
    },
    read: async (method, request, context) =>
      parsed(
        await rpc[method](
          {
            id: request.id ?? '',
            queryJson: request.query === undefined ? '' : JSON.stringify(request.query),
          },
          call(context),
        ),
      ),
    submitApplication: async ({ jobId, input, cv }, context) =>
      parsed(
        await rpc.submitApplication(
          { jobId, inputJson: JSON.stringify(input), cvData: cv.data, cvFilename: cv.filename },
          call(context),
        ),
      ) as { id: string; jobTitle: string },
    applicationCv: (caller, id, context) => rpc.getApplicationCv({ caller, id }, call(context)),
    close: () => rpc.close(),
  };
}
