import { helpArticleSchema, productSchema, type ApiKeyScope } from '@parley/contracts/validation';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { serviceCallerOf } from '../../auth/caller';
import type { ContentItem } from '../../clients/content-client';
import type { ChatMessage__Output, Room__Output } from '../../clients/conversations-client';
import type { RouteDeps } from '../deps';
import { callContext } from '../request-facts';
import { helpArticleView } from '../routes/help-articles-routes';
import { productView } from '../routes/products-routes';
import { decodeCursor, encodeCursor, pageOf, type Page } from './pagination';
import * as S from './schemas';

export type ApiV1Deps = Pick<
  RouteDeps,
  'content' | 'conversations' | 'marketing' | 'memberName' | 'identity' | 'billing' | 'rateLimits'
>;

interface Handled {
  query: Record<string, unknown>;
  body: unknown;
  id: string;
  req: Request;
  res: Response;
}

/**
 * One route of /api/v1: the router is built from these and the OpenAPI document too, so the
 * document lists exactly the routes there are, with the schemas that validate their input.
 */
export interface ApiV1Route {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI style: `/products/{id}` (the only path parameter is `id`). */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  scope: ApiKeyScope;
  query?: z.ZodObject;
  body?: z.ZodType;
  status: 200 | 201 | 204;
  response?: z.ZodType;
  handle(input: Handled): Promise<unknown>;
}

const byCreated = (v: Record<string, unknown>) => ({ k: String(v.createdAt), id: String(v.id) });

export const conversationView = (room: Room__Output): S.Conversation => ({
  id: room.id,
  domainId: room.domainId,
  domain: room.domain,
  customerId: room.customerId,
  customerEmail: room.customerEmail || null,
  live: room.live,
  unread: room.unread,
  messageCount: room.messageCount,
  createdAt: room.createdAt,
  updatedAt: room.updatedAt,
});

export const messageView = (m: ChatMessage__Output): S.Message => ({
  id: m.id,
  // Conversations records team replies as the assistant's side of the chat, with a member.
  role: m.teamMemberId ? 'team' : m.role === 'user' ? 'visitor' : 'assistant',
  content: m.content,
  teamMemberName: m.teamMemberName || null,
  isNote: m.isNote,
  createdAt: m.createdAt,
});

/** The CRUD routes of one kind of content item, under `/<plural>`. */
function contentRoutes(
  deps: ApiV1Deps,
  options: {
    kind: 'product' | 'article';
    plural: string;
    tag: string;
    scopes: { read: ApiKeyScope; write: ApiKeyScope };
    schema: z.ZodType;
    view: (item: ContentItem) => Record<string, unknown>;
    one: z.ZodType;
    page: z.ZodType;
  },
): ApiV1Route[] {
  const { kind, plural, tag, scopes, schema, view } = options;
  const noun = tag.toLowerCase().replace(/s$/, '');
  const ctx = (req: Request) => callContext(req);
  return [
    {
      method: 'get',
      path: `/${plural}`,
      operationId: `list${tag}`,
      summary: `List a domain's ${plural}, oldest first`,
      tag,
      scope: scopes.read,
      query: S.domainPageQuerySchema,
      status: 200,
      response: options.page,
      handle: async ({ query, req, res }): Promise<Page<Record<string, unknown>>> => {
        const q = query as z.output<typeof S.domainPageQuerySchema>;
        const items = await deps.content.listItems(serviceCallerOf(res), kind, q.domainId, ctx(req));
        return pageOf(items.map(view), byCreated, { cursor: q.cursor, limit: q.limit });
      },
    },
    {
      method: 'post',
      path: `/${plural}`,
      operationId: `create${tag.replace(/s$/, '')}`,
      summary: `Create a ${noun}`,
      tag,
      scope: scopes.write,
      body: schema,
      status: 201,
      response: options.one,
      handle: async ({ body, req, res }) =>
        view(await deps.content.createItem(serviceCallerOf(res), kind, body, ctx(req))),
    },
    {
      method: 'get',
      path: `/${plural}/{id}`,
      operationId: `get${tag.replace(/s$/, '')}`,
      summary: `Get one ${noun}`,
      tag,
      scope: scopes.read,
      status: 200,
      response: options.one,
      handle: async ({ id, req, res }) =>
        view(await deps.content.getItem(serviceCallerOf(res), kind, id, ctx(req))),
    },
    {
      method: 'put',
      path: `/${plural}/{id}`,
      operationId: `update${tag.replace(/s$/, '')}`,
      summary: `Replace a ${noun}`,
      tag,
      scope: scopes.write,
      body: schema,
      status: 200,
      response: options.one,
      handle: async ({ id, body, req, res }) =>
        view(await deps.content.updateItem(serviceCallerOf(res), kind, id, body, ctx(req))),
    },
    {
      method: 'delete',
      path: `/${plural}/{id}`,
      operationId: `delete${tag.replace(/s$/, '')}`,
      summary: `Delete a ${noun}`,
      tag,
      scope: scopes.write,
      status: 204,
      handle: async ({ id, req, res }) => {
        await deps.content.deleteItem(serviceCallerOf(res), kind, id, ctx(req));
      },
    },
  ];
}

interface ContactsAnswer {
  data: Array<S.Contact & Record<string, unknown>>;
  total: number;
}

export function apiV1Routes(deps: ApiV1Deps): ApiV1Route[] {
  const ctx = (req: Request) => callContext(req);
  return [
    {
      method: 'get',
      path: '/contacts',
      operationId: 'listContacts',
      summary: 'List the contacts the account’s plan keeps (visitors who left an email), oldest first',
      tag: 'Contacts',
      scope: 'contacts:read',
      query: S.optionalDomainPageQuerySchema,
      status: 200,
      response: S.contactPageSchema,
      handle: async ({ query, req, res }): Promise<Page<S.Contact>> => {
        const q = query as z.output<typeof S.optionalDomainPageQuerySchema>;
        // Notifications pages by number; the cursor carries the next one.
        const pageNumber = q.cursor ? Number(decodeCursor(q.cursor).k) : 1;
        const answer = (await deps.marketing.call(
          'listContacts',
          serviceCallerOf(res),
          { query: { domainId: q.domainId ?? '', page: pageNumber, pageSize: q.limit } },
          ctx(req),
        )) as ContactsAnswer;
        const more = pageNumber * q.limit < answer.total;
        return {
          data: answer.data.map((c) => ({
            domainId: c.domainId,
            domain: c.domain,
            email: c.email,
            name: c.name,
            firstSeen: c.firstSeen,
            bookings: c.bookings,
            orders: c.orders,
            subscribed: c.subscribed,
          })),
          nextCursor: more ? encodeCursor({ k: String(pageNumber + 1), id: '' }) : null,
        };
      },
    },
    {
      method: 'get',
      path: '/conversations',
      operationId: 'listConversations',
      summary: 'List conversations, most recently active first',
      tag: 'Conversations',
      scope: 'conversations:read',
      query: S.optionalDomainPageQuerySchema,
      status: 200,
      response: S.conversationPageSchema,
      handle: async ({ query, req, res }) => {
        const q = query as z.output<typeof S.optionalDomainPageQuerySchema>;
        // conversations pages the rooms itself (its cursor is as opaque here as ours).
        const page = await deps.conversations.listRooms(
          serviceCallerOf(res),
          { filter: 'all', domainId: q.domainId ?? '', limit: q.limit, cursor: q.cursor ?? '' },
          ctx(req),
        );
        return { data: page.rooms.map(conversationView), nextCursor: page.nextCursor };
      },
    },
    {
      method: 'get',
      path: '/conversations/{id}',
      operationId: 'getConversation',
      summary: 'Get one conversation',
      tag: 'Conversations',
      scope: 'conversations:read',
      status: 200,
      response: S.conversationSchema,
      handle: async ({ id, req, res }) =>
        conversationView(await deps.conversations.getRoom(serviceCallerOf(res), id, ctx(req))),
    },
    {
      method: 'get',
      path: '/conversations/{id}/messages',
      operationId: 'listMessages',
      summary: 'List a conversation’s messages, oldest first (the assistant’s included)',
      tag: 'Conversations',
      scope: 'conversations:read',
      query: S.pageQuerySchema,
      status: 200,
      response: S.messagePageSchema,
      handle: async ({ id, query, req, res }) => {
        const q = query as z.output<typeof S.pageQuerySchema>;
        const { messages } = await deps.conversations.getRoomMessages(
          serviceCallerOf(res),
          { roomId: id, includeBot: true },
          ctx(req),
        );
        return pageOf(messages.map(messageView), (m) => ({ k: m.createdAt, id: m.id }), {
          cursor: q.cursor,
          limit: q.limit,
        });
      },
    },
    {
      method: 'post',
      path: '/conversations/{id}/messages',
      operationId: 'sendReply',
      summary: 'Send a team reply to the visitor (as the key’s owner)',
      tag: 'Conversations',
      scope: 'conversations:write',
      body: S.apiReplySchema,
      status: 201,
      response: S.messageSchema,
      handle: async ({ id, body, req, res }) => {
        const caller = serviceCallerOf(res);
        const { content } = body as z.output<typeof S.apiReplySchema>;
        const posted = await deps.conversations.postTeamMessage(
          caller,
          {
            roomId: id,
            content,
            memberName: await deps.memberName(caller.userId),
            isNote: false,
            noteType: '',
            link: '',
            productIds: [],
            clientId: '',
          },
          ctx(req),
        );
        if (!posted.message) throw new Error('conversations answered no message');
        return messageView(posted.message);
      },
    },
    ...contentRoutes(deps, {
      kind: 'product',
      plural: 'products',
      tag: 'Products',
      scopes: { read: 'products:read', write: 'products:write' },
      schema: productSchema,
      view: productView,
      one: S.productOutSchema,
      page: S.productPageSchema,
    }),
    ...contentRoutes(deps, {
      kind: 'article',
      plural: 'articles',
      tag: 'Articles',
      scopes: { read: 'articles:read', write: 'articles:write' },
      schema: helpArticleSchema,
      view: helpArticleView,
      one: S.articleOutSchema,
      page: S.articlePageSchema,
    }),
  ];
}
