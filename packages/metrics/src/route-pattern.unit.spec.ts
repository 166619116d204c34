import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { routePattern, watchRoutePattern } from './route-pattern';

/** A request as express hands it on: its app's prototype (`app.request`) over node's. */
function appRequests() {
  const appRequest = Object.create(IncomingMessage.prototype) as object;
  return () => {
    const req = new IncomingMessage(new Socket()) as IncomingMessage & { baseUrl?: string; route?: unknown };
    Object.setPrototypeOf(req, appRequest);
    return req;
  };
}

describe('watchRoutePattern', () => {
  it('remembers the matched route with the mount path it had when the route matched', () => {
    const request = appRequests();
    const req = request();
    watchRoutePattern(req);
    req.baseUrl = '/api/conversations';
    req.route = { path: '/:roomId/messages' };
    req.baseUrl = ''; // the error handler's view
    expect(routePattern(req)).toBe('/api/conversations/:roomId/messages');
    expect(req.route).toEqual({ path: '/:roomId/messages' });
  });

  it('keeps each request its own route, with no accessor of its own on any request', () => {
    const request = appRequests();
    const [a, b] = [request(), request()];
    watchRoutePattern(a);
    watchRoutePattern(b);
    watchRoutePattern(a);
    a.baseUrl = '/api/domains';
    a.route = { path: '/:id' };
    expect(routePattern(a)).toBe('/api/domains/:id');
    expect(routePattern(b)).toBeUndefined();
    expect(b.route).toBeUndefined();
    expect(Object.getOwnPropertyNames(a)).not.toContain('route');
    expect(Object.getOwnPropertyNames(b)).not.toContain('route');
  });

  it('leaves no pattern for a request no route matched, and ignores a route without a path', () => {
    const request = appRequests();
    const req = request();
    watchRoutePattern(req);
    expect(routePattern(req)).toBeUndefined();
    req.route = {};
    expect(routePattern(req)).toBeUndefined();
  });

  it('still sees a route set on the request before it was watched', () => {
    const request = appRequests();
    const req = request();
    req.route = { path: '/early' };
    watchRoutePattern(req);
    expect(req.route).toEqual({ path: '/early' });
    req.baseUrl = '/api';
    req.route = { path: '/later' };
    expect(routePattern(req)).toBe('/api/later');
  });
});
