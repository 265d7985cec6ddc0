/**
 * Many small, long-lived byte strings (a directory's bot answers: ~1 KB each, 100,000 of them)
 * packed into shared slabs instead of a buffer of their own each. A buffer of its own costs an
 * `ArrayBuffer` on the JavaScript heap, and a backing store and an allocation outside it; each is
 * one more object for every full collection to mark and sweep. Here a tenant keeps a view (a
 * `Buffer` over its slab). Slabs are appended to and never written over, so a view handed out
 * earlier stays valid; a slab whose tenants have mostly left (their bots changed) has its
 * remaining tenants moved to the current slab and is then unreferenced: the bytes held stay
 * within about twice the bytes in use, and a tenant's bytes are copied at most once per half
 * slab written.
 */

/** Where a tenant's bytes are; written only by `Slabs`. */
export interface Placed {
  slab: Slab;
  /** The tenant's index in `slab.tenants`. */
  slot: number;
  /**
   * A view of the bytes in `slab`, made once per placement: a view made for every read cost a
   * single bot's answer 40% more server CPU (55 → 81–98 µs a request, `npm run bench:scale`).
   */
  bytes: Buffer;
}

export class Slab {
  /** Bytes appended so far, and those of tenants still here. */
  used = 0;
  live = 0;
  /** The tenants placed here, by slot; a slot is emptied when its tenant leaves. */
  readonly tenants: (Placed | undefined)[] = [];

  constructor(readonly bytes: Buffer) {}
}

/** Default slab size: big enough that a slab's own overhead is nothing, small enough to compact in well under a millisecond. */
const SLAB_BYTES = 256 * 1024;

export class Slabs {
  private current: Slab | undefined;

  constructor(private readonly slabBytes = SLAB_BYTES) {}

  /** Places the UTF-8 bytes of `text` for `tenant` (whose `Placed` fields are set here). */
  place(tenant: Placed, text: string): void {
    const length = Buffer.byteLength(text);
    const slab = this.slabFor(length);
    slab.bytes.write(text, slab.used);
    this.settle(tenant, slab, length);
  }

  /** `tenant`'s bytes are no longer needed (views handed out stay valid). */
  release(tenant: Placed): void {
    const { slab } = tenant;
    if (slab.tenants[tenant.slot] !== tenant) return;
    slab.tenants[tenant.slot] = undefined;
    slab.live -= tenant.bytes.length;
    if (slab !== this.current && slab.live * 2 < slab.used) this.compact(slab);
  }

  /** A slab with room for `length` more bytes: the current one, or a new one (a large text gets a slab of its own). */
  private slabFor(length: number): Slab {
    if (length * 8 > this.slabBytes) return new Slab(Buffer.allocUnsafeSlow(length));
    const current = this.current;
    if (current && current.used + length <= current.bytes.length) return current;
    const next = new Slab(Buffer.allocUnsafeSlow(this.slabBytes));
    this.current = next;
    // The slab left behind may already be mostly vacated by bots that changed while it filled.
    if (current && current.live * 2 < current.used) this.compact(current);
    return next;
  }

  private settle(tenant: Placed, slab: Slab, length: number): void {
    tenant.slab = slab;
    tenant.slot = slab.tenants.length;
    tenant.bytes = slab.bytes.subarray(slab.used, slab.used + length);
    slab.tenants.push(tenant);
    slab.used += length;
    slab.live += length;
  }

  /** Moves the tenants still in `slab` to the current slab; nothing refers to `slab` afterwards but views handed out. */
  private compact(slab: Slab): void {
    for (const tenant of slab.tenants) {
      if (!tenant) continue;
      const length = tenant.bytes.length;
      const target = this.slabFor(length);
      tenant.bytes.copy(target.bytes, target.used);
      this.settle(tenant, target, length);
    }
    slab.tenants.length = 0;
    slab.live = 0;
  }
}
