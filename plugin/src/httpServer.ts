// The HTTP API inside the editor (desktop only): Node's http on 127.0.0.1,
// every request handed whole to the core's http function, which runs the
// same routes, bearer token, Host and Origin checks and limits as
// `projectcanvas serve` (package route). Before a byte of the body is read
// or the core is asked, refuse() turns away what the core would refuse
// anyway (a foreign Host or Origin, no or a wrong token, a body over the
// limit): a flood of such requests costs the editor's core nothing.
import { Platform } from "obsidian";
import type { HttpInput, HttpOutput } from "./protocol";
// The core's body limit (route.MaxBody): one byte more is read, so that
// the core answers 413 itself.
import { MAX_BODY } from "./wire";

export interface HttpServerHost {
  /** The port from settings. */
  port(): number;
  /** The bearer token clients must send (this device's secret). */
  token(): string;
  /** Serves one request (Session.http: waits for the load, applies the changes). */
  serve(req: HttpInput): Promise<HttpOutput>;
  /** A message for a person (a notice). */
  notify(message: string): void;
}

// Node's http, as types only: the module itself is required at start, on
// the desktop (nodeHttp), so that mobile never loads it.
type NodeHttp = typeof import("http");
type IncomingMessage = import("http").IncomingMessage;
type Server = import("http").Server;
type ServerResponse = import("http").ServerResponse;

/**
 * Node's http module, or undefined where there is none (mobile). Required
 * only when the server starts, so that mobile never touches it.
 */
function nodeHttp(): NodeHttp | undefined {
  if (!Platform.isDesktopApp) return undefined;
  try {
    // Obsidian's renderer has a global require; esbuild must not see a
    // literal require("http") to bundle.
    const req = (window as { require?: (m: string) => unknown }).require;
    return req?.("http") as NodeHttp | undefined;
  } catch {
    return undefined;
  }
}

export class HttpServer {
  private server: Server | undefined;

  constructor(private readonly host: HttpServerHost) {}

  /** The port listened on, or undefined when stopped. */
  get listening(): number | undefined {
    const a = this.server?.address();
    return a && typeof a === "object" ? a.port : undefined;
  }

  /**
   * Listens on 127.0.0.1 at the settings' port. It says what happened in a
   * notice (listening, or why not: a port in use, a mobile device) and
   * never rejects, so that a command can simply await it.
   */
  async start(): Promise<void> {
    if (this.server) {
      this.host.notify(`Project Canvas: the HTTP server already listens on http://127.0.0.1:${this.listening}`);
      return;
    }
    const http = nodeHttp();
    if (!http) {
      this.host.notify("Project Canvas: the HTTP server runs on desktop only.");
      return;
    }
    const port = this.host.port();
    const server = http.createServer((req, res) => { void this.handle(req, res); });
    // The native server's limits: 5 s for the headers, 30 s for the request, 2 min idle.
    server.headersTimeout = 5_000;
    server.requestTimeout = 30_000;
    server.keepAliveTimeout = 120_000;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => { server.off("error", reject); resolve(); });
      });
    } catch (e) {
      const code = (e as { code?: string }).code;
      this.host.notify(code === "EADDRINUSE"
        ? `Project Canvas: port ${port} is in use; change it in settings.`
        : `Project Canvas: the HTTP server could not start on port ${port}: ${(e as Error).message}`);
      return;
    }
    this.server = server;
    this.host.notify(`Project Canvas: the HTTP API listens on http://127.0.0.1:${port}`);
  }

  /** Stops listening and closes open connections; nothing when stopped. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections?.();
    await closed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = refuse(req, this.host.token());
    if (refusal) {
      res.writeHead(refusal.status, { "Content-Type": "application/json", ...refusal.headers, Connection: "close" });
      res.end(JSON.stringify({ error: { code: refusal.code, message: refusal.message } }));
      req.resume(); // drain without keeping it
      return;
    }
    try {
      const body = await readBody(req);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) {
        if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
      }
      const out = await this.host.serve({ method: req.method ?? "GET", path: req.url ?? "/", headers, body: new TextDecoder().decode(body) });
      res.writeHead(out.status, out.headers);
      res.end(out.body);
    } catch (e) {
      // The core refused the request line itself (a path it cannot parse),
      // or is not running.
      const err = e as { code?: string; message?: string };
      const status = err.code === "invalid_argument" ? 400 : 503;
      if (res.headersSent) { res.destroy(); return; }
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { code: err.code ?? "internal", message: err.message ?? String(e) } }));
    }
  }
}

interface Refusal { status: number; code: string; message: string; headers?: Record<string, string> }

/**
 * What the core's route.Guard would refuse, decided from the request line
 * and headers alone: a Host that is no loopback name (DNS rebinding), an
 * Origin other than a desktop app's (app://), a declared body over the
 * limit, and, on every route but /health, a missing or wrong bearer token.
 */
export function refuse(req: Pick<IncomingMessage, "headers" | "url">, token: string): Refusal | undefined {
  const h = req.headers;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
  if (!loopbackHost(one(h.host))) return { status: 403, code: "forbidden", message: `host "${one(h.host).slice(0, 100)}" is not a loopback address` };
  const origin = one(h.origin);
  if (origin && !/^app:\/\/[^/]+/i.test(origin)) {
    return { status: 403, code: "forbidden", message: `requests from origin "${origin.slice(0, 100)}" are refused: only clients without an Origin and desktop apps (app://) are served` };
  }
  if (Number(one(h["content-length"])) > MAX_BODY) return { status: 413, code: "invalid_argument", message: `the request body is over ${MAX_BODY} bytes` };
  if ((req.url ?? "/").split("?")[0] === "/health") return undefined;
  const [scheme, got] = one(h.authorization).trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() === "bearer" && token !== "" && sameSecret(got ?? "", token)) return undefined;
  return { status: 401, code: "unauthorized", message: scheme?.toLowerCase() === "bearer" ? "wrong bearer token" : "missing bearer token (the token is in Settings → Project Canvas → HTTP API)",
    headers: { "WWW-Authenticate": 'Bearer realm="projectcanvas"' } };
}

/** localhost or a loopback IP, with an optional port, as route.loopbackHost. */
function loopbackHost(host: string): boolean {
  let name = host.startsWith("[") ? host.slice(1, host.indexOf("]") < 0 ? undefined : host.indexOf("]")) : host.replace(/:\d*$/, "");
  name = name.toLowerCase();
  if (name.startsWith("::ffff:")) name = name.slice(7);
  return name === "localhost" || name === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** Compares two strings in time that depends on their lengths only. */
function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a.charCodeAt(i) ?? 0) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The request body, at most MAX_BODY + 1 bytes (the rest is read and dropped). */
function readBody(req: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    req.on("data", (c: Uint8Array) => {
      if (size > MAX_BODY) return;
      chunks.push(c);
      size += c.length;
    });
    req.on("end", () => {
      const all = new Uint8Array(size);
      let at = 0;
      for (const c of chunks) { all.set(c, at); at += c.length; }
      resolve(all.length > MAX_BODY + 1 ? all.subarray(0, MAX_BODY + 1) : all);
    });
    req.on("error", reject);
  });
}
