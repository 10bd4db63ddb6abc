/*
 * Group commit: callers that ask for the same key while that key's command is in flight wait
 * together, and one command then answers all of them. A caller never joins a command that was
 * sent before it asked, so every answer is read after its caller arrived (a revocation written
 * before a request is seen by that request). With nothing in flight a caller's command goes at
 * once: no added latency when idle, and fewer commands the busier the key.
 */
export interface GroupShare<R> {
  result: R;
  /** The caller's place in its group (0-based, in order of asking). */
  index: number;
  /** How many callers the command answered. */
  size: number;
}

interface Group<R> {
  callers: { resolve: (share: GroupShare<R>) => void; reject: (error: unknown) => void }[];
}

export class GroupCommit<R> {
  private readonly inFlight = new Set<string>();
  private readonly waiting = new Map<string, Group<R>>();

  constructor(private readonly command: (key: string, size: number) => Promise<R>) {}

  request(key: string): Promise<GroupShare<R>> {
    return new Promise((resolve, reject) => {
      let group = this.waiting.get(key);
      if (!group) {
        group = { callers: [] };
        this.waiting.set(key, group);
      }
      group.callers.push({ resolve, reject });
      if (!this.inFlight.has(key)) this.send(key);
    });
  }

  private send(key: string): void {
    const group = this.waiting.get(key);
    if (!group) return;
    this.waiting.delete(key);
    this.inFlight.add(key);
    const size = group.callers.length;
    // Through a promise so that a command throwing at once still answers its callers.
    void Promise.resolve()
      .then(() => this.command(key, size))
      .then(
        (result) => group.callers.forEach((caller, index) => caller.resolve({ result, index, size })),
        (error: unknown) => group.callers.forEach((caller) => caller.reject(error)),
      )
      .finally(() => {
        this.inFlight.delete(key);
        this.send(key);
      });
  }
}
