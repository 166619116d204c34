import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { releaseUpgradeRequest } from './released-requests';

describe('released requests', () => {
  it('drops the upgrade stand-in’s request and leaves a real HTTP response (polling) alone', () => {
    const req = new IncomingMessage(new Socket());
    const standIn = { req, setHeader() {} };
    const next = jest.fn();
    releaseUpgradeRequest(req, standIn as unknown as ServerResponse, next);
    expect(standIn.req).toBeUndefined();
    const real = new ServerResponse(req);
    releaseUpgradeRequest(req, real, next);
    expect(real.req).toBe(req);
    expect(next).toHaveBeenCalledTimes(2);
  });
});
