// The HTTP API inside the editor (desktop only): Node's http on 127.0.0.1,
// every request handed whole to the core's http function, which runs the
// same routes, bearer token, Host and Origin checks and limits as
// `projectcanvas serve` (package route). Before a byte of the body is read
// or the core is asked, refuse() turns away what the core would refuse
// anyway (a foreign Host or Origin, no or a wrong token, a body over the
// limit): a flood of such requests costs the editor's core nothing.
import { Platform } from "obsidian";
import type { HttpInput, HttpOutput } from "../core/protocol";
// The core's body limit (route.MaxBody): one byte more is read, so that
// the core answers 413 itself.
import { MAX_BODY } from "../core/wire";

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
 * Its rules are route/guard.go's, case for case: both run one table
 * (projectcanvas/httpapi/route/testdata/guard_cases.json).
 */
export function refuse(req: Pick<IncomingMessage, "headers" | "url">, token: string): Refusal | undefined {
  const h = req.headers;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
  if (!loopbackHost(one(h.host))) return { status: 403, code: "forbidden", message: `host "${one(h.host).slice(0, 100)}" is not a loopback address` };
  const origin = one(h.origin);
  if (origin && !appOrigin(origin)) {
    return { status: 403, code: "forbidden", message: `requests from origin "${origin.slice(0, 100)}" are refused: only clients without an Origin and desktop apps (app://) are served` };
  }
  if (Number(one(h["content-length"])) > MAX_BODY) return { status: 413, code: "invalid_argument", message: `the request body is over ${MAX_BODY} bytes` };
  if ((req.url ?? "/").split("?")[0] === "/health") return undefined;
  // As route.checkToken: the scheme, one space, the token (spaces around
  // it dropped); the scheme in any case (RFC 9110 §11.1).
  const auth = one(h.authorization).trim();
  const space = auth.indexOf(" ");
  const bearer = space >= 0 && auth.slice(0, space).toLowerCase() === "bearer";
  if (bearer && token !== "" && sameSecret(auth.slice(space + 1).trim(), token)) return undefined;
  return { status: 401, code: "unauthorized", message: bearer ? "wrong bearer token" : "missing bearer token (the token is in Settings → Project Canvas → HTTP API)",
    headers: { "WWW-Authenticate": 'Bearer realm="projectcanvas"' } };
}

/** An app: origin with a host (Obsidian's app://obsidian.md), as route.checkOrigin. */
function appOrigin(origin: string): boolean {
  const authority = /^app:\/\/([^/?#]*)/i.exec(origin)?.[1] ?? "";
  return authority.slice(authority.lastIndexOf("@") + 1) !== "";
}

/** localhost or a loopback IP, with an optional port, as route.LoopbackHost. */
function loopbackHost(host: string): boolean {
  let name = stripPort(host);
  if (name.startsWith("[")) name = name.slice(1);
  if (name.endsWith("]")) name = name.slice(0, -1);
  if (name.toLowerCase() === "localhost") return true;
  return loopbackIP(name);
}

/** Drops a ":port": "[::1]:80" to "[::1]", "a:80" to "a"; a bare IPv6 address keeps its colons (route.stripPort). */
function stripPort(host: string): string {
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    return end >= 0 && host.startsWith(":", end + 1) ? host.slice(0, end + 1) : host;
  }
  const i = host.lastIndexOf(":");
  return i >= 0 && host.indexOf(":") === i ? host.slice(0, i) : host;
}

/** A dotted IPv4 octet as Go's netip reads it: no leading zero, at most 255. */
const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

/**
 * Whether name is a loopback address as Go's netip.ParseAddr(name).Unmap()
 * sees it: 127.0.0.0/8, ::1, or 127.0.0.0/8 mapped into IPv6. An IPv6
 * address is read by the URL parser, which writes it in its shortest form;
 * a zone (%lo) names an interface, never this machine as such.
 */
function loopbackIP(name: string): boolean {
  if (IPV4.test(name)) return name.startsWith("127.");
  if (!/^[0-9a-f:.]+$/i.test(name) || !name.includes(":")) return false;
  let ip: string;
  try {
    ip = new URL(`http://[${name}]/`).hostname;
  } catch {
    return false;
  }
  return ip === "[::1]" || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(ip);
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
