import type { ContentKind } from '@parley/contracts';
import { callUnary, createClient, loadService, type Caller, type CallerTokenSigner } from '@parley/grpc';
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

export interface ImageMeta {
  id: string;
  /** Empty when uploaded without a domain. */
  domainId: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
  createdAt: string;
}

export interface ImageFile {
  contentType: string;
  /** sha256 of the bytes, base64url, unquoted. */
  etag: string;
  data: Buffer;
}

export interface SearchHit {
  kind: 'product' | 'article';
  id: string;
  title: string;
  snippet: string;
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

interface ItemMessage {
  id: string;
  kind: ContentKind;
  domainId: string;
  bodyJson: string;
  createdAt: string;
  updatedAt: string;
}

const itemOf = (m: ItemMessage): ContentItem => ({
  id: m.id,
  kind: m.kind,
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
  const client = createClient(Content, address, { callerToken });
  const call = <Res>(method: string, request: object, context?: CallContext) =>
    callUnary<object, Res>(client, method, request, { deadlineMs, metadata: metadataOf(context) });

  return {
    createItem: async (caller, kind, input, context) =>
      itemOf(await call('createItem', { caller, kind, inputJson: JSON.stringify(input) }, context)),
    updateItem: async (caller, kind, id, input, context) =>
      itemOf(await call('updateItem', { caller, kind, id, inputJson: JSON.stringify(input) }, context)),
    deleteItem: async (caller, kind, id, context) => {
      await call('deleteItem', { caller, kind, id }, context);
    },
    getItem: async (caller, kind, id, context) =>
      itemOf(await call('getItem', { caller, kind, id }, context)),
    listItems: async (caller, kind, domainId, context) =>
      (await call<{ items: ItemMessage[] }>('listItems', { caller, kind, domainId }, context)).items.map(
        itemOf,
      ),
    uploadImage: (caller, upload, context) => call('uploadImage', { caller, ...upload }, context),
    getImage: (id, context) => call('getImage', { id }, context),
    getImageMeta: (caller, id, context) => call('getImageMeta', { caller, id }, context),
    search: async (caller, request, context) =>
      (await call<{ hits: SearchHit[] }>('search', { caller, ...request }, context)).hits,
    listPublishedItems: async (kind, domainId, context) =>
      (await call<{ items: ItemMessage[] }>('listPublishedItems', { kind, domainId }, context)).items.map(
        itemOf,
      ),
    getPublicItems: async (kind, domainId, ids, context) =>
      ids.length === 0
        ? []
        : (
            await call<{ items: ItemMessage[] }>('getPublicItems', { kind, domainId, ids }, context)
          ).items.map(itemOf),
    close: () => client.close(),
  };
}
