// The built client's assets compressed (brotli or gzip, as the browser accepts), each file
// compressed once on first request and kept in memory: ~350 KB of JavaScript and CSS become ~110 KB
// on the wire. Only existing files under the assets directory are cached (the build's fixed set);
// anything else falls through to express.static and its 404.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { promisify } from "node:util";
import type { RequestHandler } from "express";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json", ".map"]);

interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

async function compress(file: string): Promise<Compressed | null> {
  let body: Buffer;
  try {
    body = await fs.promises.readFile(file);
  } catch {
    return null;
  }
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

export function compressedAssets(dir: string): RequestHandler {
  const root = path.resolve(dir);
  const cache = new Map<string, Promise<Compressed | null>>();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const ext = path.extname(req.path);
    if (!COMPRESSIBLE.has(ext)) return next();
    const accept = req.get("accept-encoding") ?? "";
    const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
    if (!encoding) return next();
    let file: string;
    try {
      file = path.join(root, path.normalize(decodeURIComponent(req.path)));
    } catch {
      return next();
    }
    if (!file.startsWith(root + path.sep)) return next();
    let entry = cache.get(file);
    if (!entry) {
      entry = compress(file);
      cache.set(file, entry);
    }
    entry.then(
      (c) => {
        if (!c) {
          cache.delete(file);
          return next();
        }
        const body = c[encoding];
        res.type(ext);
        res.setHeader("Content-Encoding", encoding);
        res.setHeader("Vary", "Accept-Encoding");
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        res.setHeader("Content-Length", String(body.length));
        res.end(req.method === "HEAD" ? undefined : body);
      },
      (err: unknown) => {
        cache.delete(file);
        next(err);
      },
    );
  };
}
