import { API_KEY_SCOPES } from '@parley/contracts/validation';
import { z } from 'zod';
import type { ApiV1Route } from './routes';
import { errorSchema } from './schemas';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): requests as sent, answers as built. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const ERROR_ANSWERS: Record<string, string> = {
  '400': 'Invalid input (the first field’s message, every field in `fields`)',
  '401': 'No API key, or an unknown, malformed or revoked one',
  '403': 'The account’s plan has no API access (PLAN_REQUIRED), or the key lacks the scope (MISSING_SCOPE)',
  '404': 'No such item in this account',
  '429': 'The key’s per-minute budget is spent; Retry-After says when to try again',
};

function parametersOf(route: ApiV1Route): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  if (route.path.includes('{id}')) {
    parameters.push({ name: 'id', in: 'path', required: true, schema: { type: 'string' } });
  }
  for (const [name, field] of Object.entries(route.query?.shape ?? {})) {
    const schema = jsonSchemaOf(field as z.ZodType, 'input');
    const { description, ...rest } = schema;
    parameters.push({
      name,
      in: 'query',
      required: !(field as z.ZodType).safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: rest,
    });
  }
  if (route.method === 'post') {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Replays the first answer to a retried request with the same key (kept for a day)',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  return parameters;
}

function operationOf(route: ApiV1Route): JsonSchema {
  const errors = Object.fromEntries(
    Object.entries(ERROR_ANSWERS).map(([status, description]) => [
      status,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  const success =
    route.status === 204 || !route.response
      ? { description: 'Done' }
      : {
          description: 'OK',
          content: { 'application/json': { schema: jsonSchemaOf(route.response, 'output') } },
        };
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    description: `Needs the \`${route.scope}\` scope.`,
    'x-scope': route.scope,
    parameters: parametersOf(route),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } },
          },
        }
      : {}),
    responses: { [String(route.status)]: success, ...errors },
  };
}

/** The OpenAPI 3.1 document of /api/v1, built from the routes the router serves. */
export function openApiDocument(routes: readonly ApiV1Route[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parley public API',
      version: '1.0.0',
      description:
        'Contacts, conversations and messages, products and help articles of one account, for PRO ' +
        'plans. Authenticate with `Authorization: Bearer pk_...` (an API key created in the ' +
        `dashboard). Scopes: ${API_KEY_SCOPES.join(', ')}. Lists page with \`cursor\` and ` +
        '`limit`; pass the answer’s `nextCursor` to get the next page.',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'pk_...' } },
      schemas: { Error: jsonSchemaOf(errorSchema, 'output') },
    },
  };
}
