import * as msgpack from 'notepack.io';

/** MessagePack array of three elements: the adapter's broadcast [uid, packet, options]. */
const BROADCAST = 0x93;

/**
 * The Redis adapter's parser: MessagePack, as by default, except that this process's own
 * broadcasts are not decoded. Every replica receives what it published itself, and the adapter
 * decoded the whole packet only to find its own uid first and drop it: on one gateway, every
 * broadcast was encoded once and decoded once for nothing. The uids are the ones this process
 * encodes broadcasts under; such a message decodes to [uid] alone, which the adapter drops.
 */
export function ownBroadcastSkippingParser(): {
  encode(value: unknown): Buffer;
  decode(message: Buffer): unknown;
} {
  const ownUids = new Set<string>();
  /** Each own uid as it starts an encoded broadcast (after the array header). */
  const ownPrefixes: { uid: string; bytes: Buffer }[] = [];
  return {
    encode(value) {
      if (
        Array.isArray(value) &&
        value.length === 3 &&
        typeof value[0] === 'string' &&
        !ownUids.has(value[0])
      ) {
        ownUids.add(value[0]);
        ownPrefixes.push({ uid: value[0], bytes: msgpack.encode(value[0]) });
      }
      return msgpack.encode(value);
    },
    decode(message) {
      if (message[0] === BROADCAST) {
        for (const { uid, bytes } of ownPrefixes) {
          if (message.length > bytes.length && message.subarray(1, 1 + bytes.length).equals(bytes))
            return [uid];
        }
      }
      return msgpack.decode(message);
    },
  };
}
