/** Runs operations on the same key one after another (in this process); different keys run side by side. */
export class OperationQueue {
  private readonly tails = new Map<string, Promise<unknown>>()

  /** Runs `fn` after the key's earlier operations have settled. */
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve()
    // an earlier operation's failure belongs to its own caller (who got its promise); here it only means `fn` may run
    const next = previous.catch(() => {}).then(fn)
    const tail = next.catch(() => {})
    this.tails.set(key, tail)
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key)
    })
    return next
  }
}
