import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Socket } from 'node:net';

type Construct = (this: unknown, ...args: unknown[]) => void;

/**
 * The HTTP server for the gateway's express app, its requests and responses made with the app's
 * own prototypes (`app.request`, `app.response`) from the start. express 5 gives each request
 * and response those prototypes with Object.setPrototypeOf as it takes them, and V8 then carried
 * each request's objects through young-generation collections into the old generation, to be
 * collected only by full mark-compacts: about 7 KB a request in a bare express app; in the
 * gateway, whose middlewares hang more on the request, about half of the 45 KB a list read left
 * there (docs/benchmarks.md, runs AR). Made with those prototypes, express's
 * Object.setPrototypeOf changes nothing, and the request's objects die young. Constructor
 * functions, not classes: a class's `prototype` cannot be set.
 */
export function createAppServer(app: Express): Server {
  function AppRequest(this: unknown, socket: Socket) {
    (IncomingMessage as unknown as Construct).call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: unknown, req: IncomingMessage, options: unknown) {
    (ServerResponse as unknown as Construct).call(this, req, options);
  }
  AppResponse.prototype = app.response;
  return createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof ServerResponse,
    },
    app,
  );
}
