/** Per-call facts passed along to services as gRPC metadata, so their logs line up with ours. */
export interface CallContext {
  requestId?: string;
}

export function metadataOf(context: CallContext | undefined): Record<string, string> {
  return context?.requestId ? { 'x-request-id': context.requestId } : {};
}
