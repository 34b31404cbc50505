// @ts-check
// A fake IndexedDB for the tests under Node, which has none: the few calls
// vault/vectorStore.ts makes (open with an upgrade, one object store with
// array keys, getAll, put and delete over a key range, a key cursor
// backwards), each request answered in a later task, a transaction
// completing once its requests and those their callbacks made are done.
// Values are structured-cloned, as IndexedDB's are. install() puts it on
// globalThis and returns its databases; the store over the real one is
// checked in Chromium by test/chromium/vectorStore.mjs.

/** @param {unknown} a @param {unknown} b @returns {number} */
function compareKeys(a, b) {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareKeys(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  if (typeof a !== typeof b) return typeof a === "number" ? -1 : 1; // numbers sort before strings
  return /** @type {any} */ (a) < /** @type {any} */ (b) ? -1 : /** @type {any} */ (a) > /** @type {any} */ (b) ? 1 : 0;
}

class KeyRange {
  /** @param {unknown} lower @param {unknown} upper */
  constructor(lower, upper) { this.lower = lower; this.upper = upper; }
  /** @param {unknown} lower @param {unknown} upper */
  static bound(lower, upper) { return new KeyRange(lower, upper); }
  /** @param {unknown} key */
  includes(key) { return compareKeys(this.lower, key) <= 0 && compareKeys(key, this.upper) <= 0; }
}

/** @typedef {{ result?: unknown, error?: unknown, onsuccess?: (() => void) | null, onerror?: (() => void) | null }} Req */

class Transaction {
  /** @param {Map<string, Map<string, {key: unknown, value: unknown}>>} stores */
  constructor(stores) {
    this.stores = stores;
    /** @type {(() => void)[]} */
    this.queue = [];
    /** @type {(() => void) | null} */ this.oncomplete = null;
    /** @type {(() => void) | null} */ this.onerror = null;
    /** @type {(() => void) | null} */ this.onabort = null;
    this.error = null;
    setTimeout(() => this.drain(), 0);
  }
  drain() {
    const op = this.queue.shift();
    if (op) { op(); setTimeout(() => this.drain(), 0); return; }
    this.oncomplete?.();
  }
  /** @param {() => unknown} f @returns {Req} */
  request(f) {
    /** @type {Req} */
    const req = { onsuccess: null, onerror: null };
    this.queue.push(() => { req.result = f(); req.onsuccess?.(); });
    return req;
  }
  /** @param {string} name */
  objectStore(name) {
    const rows = this.stores.get(name);
    if (!rows) throw new Error(`no object store ${name}`);
    const sorted = () => [...rows.values()].sort((a, b) => compareKeys(a.key, b.key));
    return {
      /** @param {KeyRange} range */
      getAll: (range) => this.request(() => sorted().filter((r) => range.includes(r.key)).map((r) => structuredClone(r.value))),
      /** @param {unknown} value @param {unknown} key */
      put: (value, key) => this.request(() => { rows.set(JSON.stringify(key), { key, value: structuredClone(value) }); return key; }),
      /** @param {KeyRange} range */
      delete: (range) => this.request(() => { for (const [k, r] of rows) if (range.includes(r.key)) rows.delete(k); }),
      /** @param {KeyRange} range @param {string} direction */
      openKeyCursor: (range, direction) => this.request(() => {
        const keys = sorted().filter((r) => range.includes(r.key)).map((r) => r.key);
        const key = direction === "prev" ? keys.at(-1) : keys[0];
        return key === undefined ? null : { key };
      }),
    };
  }
}

class Database {
  constructor() {
    /** @type {Map<string, Map<string, {key: unknown, value: unknown}>>} */
    this.stores = new Map();
  }
  /** @param {string} name */
  createObjectStore(name) { this.stores.set(name, new Map()); }
  /** @param {string} name */
  transaction(name) {
    if (!this.stores.has(name)) throw new Error(`no object store ${name}`);
    return new Transaction(this.stores);
  }
}

/** Installs the fake; returns its databases by name and a function taking it away. */
export function install() {
  /** @type {Map<string, Database>} */
  const databases = new Map();
  const factory = {
    /** @param {string} name */
    open(name) {
      /** @type {Req & { onupgradeneeded?: (() => void) | null }} */
      const req = { onsuccess: null, onerror: null, onupgradeneeded: null };
      setTimeout(() => {
        let db = databases.get(name);
        if (!db) {
          databases.set(name, db = new Database());
          req.result = db;
          req.onupgradeneeded?.();
        }
        req.result = db;
        req.onsuccess?.();
      }, 0);
      return req;
    },
  };
  const g = /** @type {any} */ (globalThis);
  g.indexedDB = factory;
  g.IDBKeyRange = KeyRange;
  return { databases, uninstall() { delete g.indexedDB; delete g.IDBKeyRange; } };
}
