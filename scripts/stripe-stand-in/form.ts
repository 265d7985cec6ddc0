/**
 * Reading the `stripe` library's requests in the stand-in: its form-encoded bodies and query
 * strings with bracketed keys (`line_items[0][price_data][recurring][interval]`, `metadata[key]`,
 * `expand[0]`), and Stripe's error envelope for bad input.
 */

/** A parsed parameter: a string, or nested parameters (arrays come as index-keyed objects). */
export type Param = string | Params;
export interface Params {
  [key: string]: Param | undefined;
}

/** An answer in Stripe's error envelope `{ error: { type, message, param?, code? } }`. */
export class StripeFail extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }

  get body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        ...(this.code ? { code: this.code } : {}),
      },
    };
  }
}

/** `a[b][0][c]=v` pairs into `{ a: { b: { '0': { c: 'v' } } } }` (`[]` appends). */
export function parseParams(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const head = /^[^[]+/.exec(key)?.[0];
    if (!head) continue;
    const path = [head, ...Array.from(key.slice(head.length).matchAll(/\[([^\]]*)\]/g), (m) => m[1] ?? '')];
    let node = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === 'object') node = next;
      else node = node[name] = {};
    });
  }
  return root;
}

/** Reads typed parameters below a path, naming the full bracketed path in errors. */
export class Reader {
  constructor(
    readonly params: Params,
    readonly path = '',
  ) {}

  private name(key: string): string {
    return this.path ? `${this.path}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.params[key] !== undefined;
  }

  string(key: string): string | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string')
      throw new StripeFail(400, `Invalid string: ${this.name(key)}`, this.name(key), 'parameter_invalid_string');
    return value;
  }

  required(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '')
      throw new StripeFail(400, `Missing required param: ${this.name(key)}.`, this.name(key), 'parameter_missing');
    return value;
  }

  integer(key: string, min = 0): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
      throw new StripeFail(400, `Invalid integer: ${value}`, this.name(key), 'parameter_invalid_integer');
    const n = Number(value);
    if (n < min)
      throw new StripeFail(400, `This value must be greater than or equal to ${min}.`, this.name(key), 'parameter_invalid_integer');
    return n;
  }

  decimal(key: string, min: number, max: number): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || n < min || n > max)
      throw new StripeFail(400, `Invalid decimal: ${value} (between ${min} and ${max})`, this.name(key), 'parameter_invalid_decimal');
    return n;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw new StripeFail(400, `Invalid boolean: ${value}`, this.name(key));
    return value === 'true';
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value))
      throw new StripeFail(400, `Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`, this.name(key), 'parameter_invalid');
    return value as T;
  }

  /** The nested parameters below `key`, or undefined. */
  child(key: string): Reader | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string') {
      // The library sends an empty string to unset a hash (`metadata: ''`).
      if (value === '') return new Reader({}, this.name(key));
      throw new StripeFail(400, `Invalid object: ${this.name(key)}`, this.name(key), 'parameter_invalid');
    }
    return new Reader(value, this.name(key));
  }

  /** An array parameter (`key[0]`, `key[1]`, ...) as readers, in index order. */
  list(key: string): Reader[] {
    const node = this.child(key);
    if (!node) return [];
    return Object.keys(node.params)
      .sort((a, b) => Number(a) - Number(b))
      .map((index) => {
        const item = node.params[index];
        if (typeof item !== 'object') throw new StripeFail(400, `Invalid array: ${node.path}`, node.path, 'parameter_invalid');
        return new Reader(item, `${node.path}[${index}]`);
      });
  }

  /** String values of an array parameter (`expand[0]=…`). */
  strings(key: string): string[] {
    const node = this.child(key);
    if (!node) return [];
    return Object.values(node.params).filter((v): v is string => typeof v === 'string');
  }

  /** `metadata[key]=value` pairs; an empty value removes the key (as Stripe does on update). */
  metadata(key = 'metadata'): Record<string, string> | undefined {
    const node = this.child(key);
    if (!node) return undefined;
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(node.params)) {
      if (typeof value !== 'string') throw new StripeFail(400, `Invalid metadata: ${node.path}[${name}]`, `${node.path}[${name}]`);
      if (name.length > 40) throw new StripeFail(400, `Metadata keys may be up to 40 characters: ${name}`, `${node.path}[${name}]`);
      if (value.length > 500) throw new StripeFail(400, `Metadata values may be up to 500 characters: ${name}`, `${node.path}[${name}]`);
      out[name] = value;
    }
    if (Object.keys(out).length > 50) throw new StripeFail(400, 'Metadata may hold up to 50 keys.', node.path);
    return out;
  }
}
