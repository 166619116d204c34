/** Names one projection's checkpoint and dead letters: its program's namespace and its own name. */
export interface ProjectionKey {
  namespace: string;
  projection: string;
}
