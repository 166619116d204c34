import { CONTENT_KINDS, type ContentKind, contentError } from '@parley/contracts';
import { callerFrom, unary, type ServiceHandlers } from '@parley/grpc';
import type { Logger } from '@parley/logger';
import type { ContentDeps } from '../app/deps';
import { getImageFile, getImageMeta, uploadImage } from '../app/images';
import { createItem, deleteItem, getItem, listItems, updateItem, type ItemView } from '../app/items';
import { getPublicItems, listPublishedItems } from '../app/public-items';
import { searchContent } from '../app/search';

function kindOf(kind: string): ContentKind {
  if ((CONTENT_KINDS as readonly string[]).includes(kind)) return kind as ContentKind;
  throw contentError('validation', `Unknown content kind: ${kind}`, 'VALIDATION');
}

const itemMessage = (v: ItemView) => ({
  id: v.id,
  kind: v.kind,
  domainId: v.domainId,
  bodyJson: JSON.stringify(v.body),
  createdAt: v.createdAt,
  updatedAt: v.updatedAt,
});

/** proto <-> application mapping for parley.content.v1.Content; no decisions here. */
export function contentService(
  deps: ContentDeps,
  logger: Logger,
): ServiceHandlers<'parley.content.v1.Content'> {
  const rpc = <Req, Res>(method: string, handler: (req: Req) => Promise<Res>) =>
    unary<Req, Res>(handler, (error) => logger.error({ err: error, method }, 'content call failed'));

  return {
    CreateItem: rpc('CreateItem', async (req) =>
      itemMessage(await createItem(deps, callerFrom(req.caller), kindOf(req.kind), req.inputJson)),
    ),
    UpdateItem: rpc('UpdateItem', async (req) =>
      itemMessage(await updateItem(deps, callerFrom(req.caller), kindOf(req.kind), req.id, req.inputJson)),
    ),
    DeleteItem: rpc('DeleteItem', async (req) => {
      await deleteItem(deps, callerFrom(req.caller), kindOf(req.kind), req.id);
      return {};
    }),
    GetItem: rpc('GetItem', async (req) =>
      itemMessage(await getItem(deps, callerFrom(req.caller), kindOf(req.kind), req.id)),
    ),
    ListItems: rpc('ListItems', async (req) => ({
      items: (await listItems(deps, callerFrom(req.caller), kindOf(req.kind), req.domainId)).map(itemMessage),
    })),
    UploadImage: rpc('UploadImage', async (req) =>
      uploadImage(deps, callerFrom(req.caller), {
        data: req.data,
        filename: req.filename,
        domainId: req.domainId,
        declaredType: req.declaredType,
      }),
    ),
    GetImage: rpc('GetImage', async (req) => getImageFile(deps, req.id)),
    GetImageMeta: rpc('GetImageMeta', async (req) => getImageMeta(deps, callerFrom(req.caller), req.id)),
    Search: rpc('Search', async (req) => ({
      hits: await searchContent(deps, callerFrom(req.caller), {
        domainId: req.domainId,
        query: req.query,
      }),
    })),
    ListPublishedItems: rpc('ListPublishedItems', async (req) => ({
      items: (await listPublishedItems(deps, kindOf(req.kind), req.domainId)).map(itemMessage),
    })),
    GetPublicItems: rpc('GetPublicItems', async (req) => ({
      items: (await getPublicItems(deps, kindOf(req.kind), req.domainId, req.ids)).map(itemMessage),
    })),
  };
}
