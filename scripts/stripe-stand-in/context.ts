/** What the stand-in's operations work on: its objects, its events and where it listens. */
import type { Events } from './events.js';
import type { Store } from './store.js';

export interface Context {
  store: Store;
  events: Events;
  /** The stand-in's origin (its pages' links start with it); set once the server listens. */
  origin: string;
}
