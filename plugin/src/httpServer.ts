// The HTTP API inside the editor (desktop only): Node's http on 127.0.0.1,
// every request handed whole to the core's http function, which runs the
// same routes, bearer token, Host and Origin checks and limits as
// `projectcanvas serve` (package route). This module only moves bytes.
import { Platform } from "obsidian";
import type { IncomingMessage, Server, ServerResponse } from "http";
import type { HttpInput, HttpOutput } from "./protocol";

/** The core's body limit (route.MaxBody): one byte more is read, so that the core answers 413 itself. */
export const MAX_BODY = 1 << 20;

export interface HttpServerHost {
  /** The port from settings. */
  port(): number;
  /** Serves one request (Session.http: waits for the load, applies the changes). */
  serve(req: HttpInput): Promise<HttpOutput>;
  /** A message for a person (a notice). */
  notify(message: string): void;
}

type NodeHttp = typeof import("http");

/**
 * Node's http module, or undefined where there is none (mobile). Required
 * only when the server starts, so that mobile never touches it.
 */
function nodeHttp(): NodeHttp | undefined {
  if (!Platform.isDesktopApp) return undefined;
  try {
    // Obsidian's renderer has a global require; esbuild must not see a
    // literal require("http") to bundle.
    const req = (globalThis as { require?: (m: string) => unknown }).require ?? (typeof require === "function" ? require : undefined);
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
    try {
      const body = await readBody(req);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) {
        if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
      }
      const out = await this.host.serve({ method: req.method ?? "GET", path: req.url ?? "/", headers, body: body.toString("utf8") });
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

/** The request body, at most MAX_BODY + 1 bytes (the rest is read and dropped). */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      if (size > MAX_BODY) return;
      chunks.push(c);
      size += c.length;
    });
    req.on("end", () => {
      const all = Buffer.concat(chunks);
      resolve(all.length > MAX_BODY + 1 ? all.subarray(0, MAX_BODY + 1) : all);
    });
    req.on("error", reject);
  });
}
