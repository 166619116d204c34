import type { ContentKind } from '@parley/contracts';
import { loadService, rpcClient, type Caller, type CallerTokenSigner } from '@parley/grpc';
import type {
  ImageFile__Output,
  ImageMeta__Output,
  Item__Output,
  SearchHit__Output,
} from '@parley/grpc/generated/parley/content/v1';
import { metadataOf, type CallContext } from './call-context';

export interface ContentItem {
  id: string;
  kind: ContentKind;
  domainId: string;
  /** The kind's schema output without domainId. */
  body: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** An image's facts as content answers them; `domainId` is empty when uploaded without a domain. */
export type ImageMeta = ImageMeta__Output;
/** An image's bytes; `etag` is the sha256 of the bytes, base64url, unquoted. */
export type ImageFile = ImageFile__Output;

export interface SearchHit extends Omit<SearchHit__Output, 'kind'> {
  kind: 'product' | 'article';
}

/** proto/content/v1/content.proto as the gateway uses it; rejections are AppErrors. */
export interface ContentClient {
  createItem(caller: Caller, kind: ContentKind, input: unknown, context?: CallContext): Promise<ContentItem>;
  updateItem(
    caller: Caller,
    kind: ContentKind,
    id: string,
    input: unknown,
    context?: CallContext,
  ): Promise<ContentItem>;
  deleteItem(caller: Caller, kind: ContentKind, id: string, context?: CallContext): Promise<void>;
  getItem(caller: Caller, kind: ContentKind, id: string, context?: CallContext): Promise<ContentItem>;
  listItems(
    caller: Caller,
    kind: ContentKind,
    domainId: string,
    context?: CallContext,
  ): Promise<ContentItem[]>;
  uploadImage(
    caller: Caller,
    upload: { data: Buffer; filename: string; domainId: string; declaredType: string },
    context?: CallContext,
  ): Promise<ImageMeta>;
  getImage(id: string, context?: CallContext): Promise<ImageFile>;
  getImageMeta(caller: Caller, id: string, context?: CallContext): Promise<ImageMeta>;
  search(
    caller: Caller,
    request: { domainId: string; query: string },
    context?: CallContext,
  ): Promise<SearchHit[]>;
  /** Public (no caller): a domain's items a visitor may see (published articles, pinned first). */
  listPublishedItems(kind: ContentKind, domainId: string, context?: CallContext): Promise<ContentItem[]>;
  /** Public: the domain's items among `ids` (at most 100), in that order; unknown ids left out. */
  getPublicItems(
    kind: ContentKind,
    domainId: string,
    ids: readonly string[],
    context?: CallContext,
  ): Promise<ContentItem[]>;
  close(): void;
}

// Content answers with kinds of CONTENT_KINDS only, as it was asked for.
const itemOf = (m: Item__Output): ContentItem => ({
  id: m.id,
  kind: m.kind as ContentKind,
  domainId: m.domainId,
  body: JSON.parse(m.bodyJson) as Record<string, unknown>,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
});

export function createContentClient(
  address: string,
  deadlineMs: number,
  callerToken?: CallerTokenSigner,
): ContentClient {
  const Content = loadService('content/v1/content.proto', 'parley.content.v1.Content');
  const rpc = rpcClient(Content, address, { deadlineMs, callerToken });
  const call = (context?: CallContext) => ({ metadata: metadataOf(context) });

  return {
    createItem: async (caller, kind, input, context) =>
      itemOf(await rpc.createItem({ caller, kind, inputJson: JSON.stringify(input) }, call(context))),
    updateItem: async (caller, kind, id, input, context) =>
      itemOf(await rpc.updateItem({ caller, kind, id, inputJson: JSON.stringify(input) }, call(context))),
    deleteItem: async (caller, kind, id, context) => {
      await rpc.deleteItem({ caller, kind, id }, call(context));
    },
    getItem: async (caller, kind, id, context) =>
      itemOf(await rpc.getItem({ caller, kind, id }, call(context))),
    listItems: async (caller, kind, domainId, context) =>
      (await rpc.listItems({ caller, kind, domainId }, call(context))).items.map(itemOf),
    uploadImage: (caller, upload, context) => rpc.uploadImage({ caller, ...upload }, call(context)),
    getImage: (id, context) => rpc.getImage({ id }, call(context)),
    getImageMeta: (caller, id, context) => rpc.getImageMeta({ caller, id }, call(context)),
    // Content's search finds products and articles only.
    search: async (caller, request, context) =>
      (await rpc.search({ caller, ...request }, call(context))).hits as SearchHit[],
    listPublishedItems: async (kind, domainId, context) =>
      (await rpc.listPublishedItems({ kind, domainId }, call(context))).items.map(itemOf),
    getPublicItems: async (kind, domainId, ids, context) =>
      ids.length === 0
        ? []
        : (await rpc.getPublicItems({ kind, domainId, ids: [...ids] }, call(context))).items.map(itemOf),
    close: () => rpc.close(),
  };
}
