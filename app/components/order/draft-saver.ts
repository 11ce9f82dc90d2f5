/**
 * The order draft's line to the server, free of React so its ordering can be tested: saves and the deletion go
 * through one queue, so a save still in flight can never land after the draft was deleted and bring it back.
 */

export interface DraftTransport {
  put(body: string): Promise<void>;
  delete(): Promise<void>;
}

export interface DraftSaverEvents {
  /** A request is about to leave. */
  onSaving(): void;
  /** The server now holds `body`; `upToDate` is false when newer changes are waiting. */
  onSaved(body: string, upToDate: boolean): void;
  onError(error: unknown): void;
}

export class DraftSaver {
  /** What the page shows now. */
  private latest: string;
  /** What the server holds, as far as this page knows. */
  private saved: string;
  private queue: Promise<unknown> = Promise.resolve();
  private paused = false;
  private readonly transport: DraftTransport;
  private readonly events: DraftSaverEvents;

  constructor(initial: string, transport: DraftTransport, events: DraftSaverEvents) {
    this.latest = initial;
    this.saved = initial;
    this.transport = transport;
    this.events = events;
  }

  /** Records what the page shows; nothing is sent until `save`. */
  update(body: string): void {
    this.latest = body;
  }

  hasUnsavedChanges(): boolean {
    return !this.paused && this.latest !== this.saved;
  }

  /** The body a last keepalive request should carry when the page goes away, if any. */
  unsavedBody(): string | null {
    return this.hasUnsavedChanges() ? this.latest : null;
  }

  /** Queues a save of the latest body; resolves to whether the server holds it. `force` sends it even unchanged. */
  save(force = false): Promise<boolean> {
    if (force) this.saved = '';
    return this.enqueue(() => this.saveLatest());
  }

  /**
   * Queues the deletion of the draft, after any save in flight; from then on the server is taken to hold `empty`,
   * so the saves queued behind it find nothing to send. Rejects when the server refuses.
   */
  discard(empty: string): Promise<void> {
    return this.enqueue(async () => {
      await this.transport.delete();
      this.saved = empty;
      this.latest = empty;
    });
  }

  /** Stops saving, while an order is being placed: placing it deletes the draft, and a late save would revive it. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async saveLatest(): Promise<boolean> {
    const body = this.latest;
    if (this.paused || body === this.saved) return true;
    this.events.onSaving();
    try {
      await this.transport.put(body);
      this.saved = body;
      this.events.onSaved(body, this.latest === body);
      return true;
    } catch (error) {
      this.events.onError(error);
      return false;
    }
  }
}
