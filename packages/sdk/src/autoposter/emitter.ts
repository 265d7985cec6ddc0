/** A small typed event emitter that works everywhere (no node:events) and never lets a listener's throw escape. */
export class Emitter<Events extends { [Name in keyof Events]: unknown }> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  on<Name extends keyof Events>(name: Name, listener: (payload: Events[Name]) => void): this {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    return this;
  }

  off<Name extends keyof Events>(name: Name, listener: (payload: Events[Name]) => void): this {
    this.listeners.get(name)?.delete(listener);
    return this;
  }

  listenerCount(name: keyof Events): number {
    return this.listeners.get(name)?.size ?? 0;
  }

  /** Calls each listener; one that throws is reported to `onListenerError`, never to the caller. */
  protected emit<Name extends keyof Events>(name: Name, payload: Events[Name], onListenerError: (error: unknown) => void): void {
    for (const listener of this.listeners.get(name) ?? []) {
      try {
        (listener as (payload: Events[Name]) => void)(payload);
      } catch (error) {
        onListenerError(error);
      }
    }
  }
}
