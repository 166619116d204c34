/**
 * The messages of an answer that came as one JSON text (conversations' RoomList.rooms_json): each
 * already in the shape proto-loader hands a decoded message over. An empty text is an older
 * service that answered them field by field: those are used.
 */
export function jsonMessagesOr<T>(json: Buffer, decoded: T[]): T[] {
  return json.length > 0 ? (JSON.parse(json.toString('utf8')) as T[]) : decoded;
}
