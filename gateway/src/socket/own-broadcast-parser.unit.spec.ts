import * as msgpack from 'notepack.io';
import { ownBroadcastSkippingParser } from './own-broadcast-parser';

const packet = {
  type: 2,
  data: ['customer-message', { channel: 'chat-global', data: { text: 'héllo' } }],
  nsp: '/',
};
const options = { rooms: ['a:team', 'a:visitor'], except: [], flags: {} };

describe('ownBroadcastSkippingParser', () => {
  it('encodes as MessagePack, exactly as the default parser', () => {
    const parser = ownBroadcastSkippingParser();
    const value = ['abc123', packet, options];
    expect(parser.encode(value).equals(msgpack.encode(value))).toBe(true);
  });

  it("decodes this process's own broadcast to its uid alone", () => {
    const parser = ownBroadcastSkippingParser();
    const own = parser.encode(['abc123', packet, options]);
    expect(parser.decode(own)).toEqual(['abc123']);
  });

  it("decodes another replica's broadcast in full, even one whose uid starts like ours", () => {
    const parser = ownBroadcastSkippingParser();
    parser.encode(['abc123', packet, options]);
    for (const uid of ['xyz789', 'abc1234', 'abc12']) {
      const theirs = msgpack.encode([uid, packet, options]);
      expect(parser.decode(theirs)).toEqual([uid, packet, options]);
    }
  });

  it('decodes requests and anything that is not a broadcast in full', () => {
    const parser = ownBroadcastSkippingParser();
    parser.encode(['abc123', packet, options]);
    const request = { uid: 'abc123', requestId: 'r1', type: 5, rooms: ['x'] };
    expect(parser.decode(msgpack.encode(request))).toEqual(request);
    expect(parser.decode(msgpack.encode(['abc123', 1]))).toEqual(['abc123', 1]);
    expect(parser.decode(parser.encode(request))).toEqual(request);
  });
});
