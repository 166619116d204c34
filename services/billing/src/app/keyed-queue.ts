/**
 * Runs tasks with the same key one after another, in arrival order, within this process. Usage
 * commands on one account and period would otherwise load the same version and fight over the
 * optimistic append; replicas still rely on that check (executeCommand retries).
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
