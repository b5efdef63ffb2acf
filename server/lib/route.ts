// The one way an API route is declared (docs/decisions/017-route-helper-body-after-guard.md).
// route({...}) runs, in this order and nothing before it reads the body:
//   1. the guard (who may call it: signed in, captain, admin…), from the session alone;
//   2. the rate limit, when the route has one (a limit that counts accounts named in the body only
//      checks the address here, and counts once the body is read);
//   3. path parameters and query string, parsed by their zod schemas;
//   4. the body, only now: JSON only, utf-8 only, at most `bodyLimit` bytes after inflating
//      gzip/deflate/br (a larger one is cut off there: 413), at most `maxDepth` levels of nesting
//      (counted on the text before JSON.parse: 400), no NUL character; then its zod schema;
//   5. for a cached GET, the read cache (server/lib/read-cache.ts);
//   6. handler(req, res, input): input holds the parsed, typed params, query and body.
// A route without a body schema on a mutating method still checks what it is sent (at most 1 KB,
// valid JSON) and ignores it; a GET's body is never read.
// A route that reads a large body as it arrives (the backup restore) declares `body: "stream"`:
// steps 1 to 3 are the same; in step 4 the helper checks the headers (JSON, UTF-8, not compressed:
// 415; a declared length over `bodyLimit`: 413) and hands the handler `body`, a stream of the
// request's bytes that fails with 413 past `bodyLimit` and with 400 past `maxDepth` levels.
// A one-click unsubscribe (RFC 8058) declares `body: "oneClick"`: mail providers POST the form
// `List-Unsubscribe=One-Click` (form-urlencoded or multipart, at most 1 KB, uncompressed), our page
// sends JSON (checked like any body without a schema); either is read and ignored: the token in the
// path is the whole request. Any other type is a 415.
import zlib from "node:zlib";
import { Transform, type Duplex, type Readable } from "node:stream";
import { Router, type Express, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { z, ZodType } from "zod";
import { AppError } from "./app-error";
import { cachedRead, type ReadCache } from "./read-cache";
import type { RateLimiter } from "./rate-limit";
import { IdParams, zodToAppError } from "../middleware/validate";
import { containsNul, NUL_MESSAGE } from "../middleware/input-guard";
import {
  requireAdmin,
  requireAdminAnyFactor,
  requireApproved,
  currentUser,
  requireAuth,
  requireCaptain,
  requireVerified,
} from "../middleware/auth";
import { requestLog } from "../middleware/request-context";
import type { Logger } from "./logger";

/**
 * Who may call a route, decided from the session before anything else. `public`: anyone;
 * `token`: anyone holding the emailed token of the path (its params are checked before the body is
 * read; whether the token exists is the service's answer); `participant`: verified and approved by
 * an admin (may challenge, report, confirm); `adminAnyFactor`: an admin, also while
 * still to set up the second factor (the set-up routes themselves).
 */
export const GUARDS = {
  public: undefined,
  token: undefined,
  signedIn: requireAuth,
  verified: requireVerified,
  participant: requireApproved,
  captain: requireCaptain,
  admin: requireAdmin,
  adminAnyFactor: requireAdminAnyFactor,
} as const satisfies Record<string, RequestHandler | undefined>;
export type Guard = keyof typeof GUARDS;

export type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * The largest valid body of any route but the restore, a registration with every field at its
 * longest in characters that JSON escapes or UTF-8 widens, is about 15 KB (tests/security/bodies.test.ts);
 * a usual one is under 1 KB.
 */
export const DEFAULT_BODY_LIMIT = 32 * 1024;
/** What a route that takes no body may be sent (and is checked, then ignored): `{}` and the like. */
export const NO_BODY_LIMIT = 1024;
/** The deepest valid body of any route is 4 levels; a backup file about 6. */
export const DEFAULT_MAX_DEPTH = 8;

/** `body: "stream"`: the handler reads the body itself, from this stream (checked as it passes). */
export type BodyStream = Readable;

type Infer<S> = S extends ZodType ? z.output<S> : S extends "stream" ? BodyStream : undefined;

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

type BodySpec = ZodType | "stream" | "oneClick" | undefined;

/**
 * A success answer that is not a JSON value, declared in words: a file or a stream of `mediaType`
 * (a calendar, a CSV, a download, Server-Sent Events, Prometheus text), or no body at all
 * (`mediaType: null`, e.g. with `successStatus: 204`). The reference lists it; the contract test has
 * no JSON to check (docs/decisions/033-api-reference-from-zod.md).
 */
export interface OtherAnswer {
  /** Its media type, or several (a route serving files of more than one kind); null: no body (204). */
  mediaType: string | readonly [string, ...string[]] | null;
  description: string;
}

/** What a route answers on success: the zod schema of its JSON, or an OtherAnswer. */
export type AnswerSpec = ZodType | OtherAnswer;

export interface RouteSpec<P extends ZodType | undefined, Q extends ZodType | undefined, B extends BodySpec> {
  method: Method;
  path: string;
  guard: Guard;
  params?: P;
  query?: Q;
  /** The body's zod schema, or "stream": the handler reads it itself (see the top of this file). */
  body?: B;
  /** Largest body in bytes, counted after inflating (default DEFAULT_BODY_LIMIT). */
  bodyLimit?: number;
  /** The refusal of a body over `bodyLimit` (default: "The request body is too large (at most …)."). */
  tooLargeMessage?: string;
  /** Deepest nesting of arrays and objects in the body (default DEFAULT_MAX_DEPTH). */
  maxDepth?: number;
  /** GET only, and required there: cached (cachedRead) or uncached (listed in UNCACHED_READS with why). */
  cache?: "cached" | "uncached";
  /** Counted before the handler; before the body is read (see the top of this file). */
  limit?: RateLimiter;
  /** The title of a validation refusal: fixed, or chosen by its message. */
  errorTitle?: string | ((message: string) => string | undefined);
  /**
   * A second chance when the guard refuses: resolves true to let the caller through anyway (e.g. the
   * signed-out ladder lets anyone read a surface ladder while an admin setting is on). GET only.
   */
  orElse?: (req: Request, res: Response) => Promise<boolean>;
  /** A check of the parsed JSON that must answer before the schema's own messages (e.g. missing fields first). */
  precheck?: (body: unknown) => AppError | undefined;
  /**
   * The zod schema of the success answer (JSON), for the API reference (server/lib/openapi.ts) and
   * the contract test that checks every answer the test suite receives against it. Not checked at
   * run time. An answer that is not JSON, or no body, is an OtherAnswer: `{ mediaType, description }`.
   */
  response?: AnswerSpec;
  /** The success status the answer comes with (default 200). */
  successStatus?: number;
  handler: (req: Request, res: Response, input: RouteInput<Infer<P>, Infer<Q>, Infer<B>>) => unknown;
}

/** What the route table tells about a route (tests walk it: tests/security/bodies.test.ts). */
export interface RouteInfo {
  method: Method;
  /** The path as declared in its module (the table adds the mount prefix). */
  path: string;
  guard: Guard;
  /** The guard has a second chance (RouteSpec.orElse). */
  orElse: boolean;
  takesBody: boolean;
  /** The handler reads the body as a stream (body: "stream"); it is never inflated. */
  streamed: boolean;
  bodyLimit: number;
  /** The route's own refusal of a body over its limit (RouteSpec.tooLargeMessage). */
  tooLargeMessage: string | undefined;
  maxDepth: number;
  cache: "cached" | "uncached" | undefined;
  rateLimit: string | undefined;
  /** The zod schemas it declared (the API reference is generated from them: server/lib/openapi.ts). */
  schemas: {
    params: ZodType | undefined;
    query: ZodType | undefined;
    body: ZodType | "stream" | "oneClick" | undefined;
    response: AnswerSpec | undefined;
  };
  successStatus: number;
}

export const ROUTE_INFO = Symbol("routeInfo");

/** How many request bodies the helper has started to read, and their bytes (after inflating). */
export const bodyReads = { started: 0, bytes: 0 };

export interface RouteBuilder {
  router: Router;
  route<P extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined, B extends BodySpec = undefined>(
    spec: RouteSpec<P, Q, B>,
  ): void;
}

/** A router for one module, and route() to declare its routes on it. */
export function apiRouter(deps: { readCache: ReadCache }): RouteBuilder {
  const router = Router();
  const cached = cachedRead(deps.readCache);
  return {
    router,
    route(spec) {
      const info = describe(spec);
      const inputs = new WeakMap<Request, RouteInput<unknown, unknown, unknown>>();
      const prelude = async (req: Request, res: Response, next: NextFunction) => {
        try {
          inputs.set(req, await prepare(spec, info, req, res));
        } catch (err) {
          // Refused with (part of) the body unread: close the connection after the answer, rather
          // than let the server read and discard the rest (it may never end).
          if (sendsBody(req) && !req.complete) res.setHeader("Connection", "close");
          throw err;
        }
        next();
      };
      const handle = async (req: Request, res: Response) => {
        const input = inputs.get(req)!;
        try {
          await spec.handler(req, res, input as RouteInput<never, never, never>);
        } catch (err) {
          // A streamed body the handler stopped reading (too large, not a backup…): not read to its end.
          if (info.streamed && sendsBody(req) && !req.complete && !res.headersSent) res.setHeader("Connection", "close");
          throw err;
        }
      };
      router[spec.method](spec.path, Object.assign(prelude, { [ROUTE_INFO]: info }), ...(info.cache === "cached" ? [cached] : []), handle);
    },
  };
}

type AnySpec = RouteSpec<ZodType | undefined, ZodType | undefined, BodySpec>;

function describe(spec: AnySpec): RouteInfo {
  const where = `${spec.method.toUpperCase()} ${spec.path}`;
  if (!(spec.guard in GUARDS)) throw new Error(`${where}: unknown guard "${spec.guard}"`);
  if (spec.method === "get") {
    if (!spec.cache) throw new Error(`${where}: a GET route must say whether it is cached (cache: "cached" | "uncached")`);
    if (spec.body) throw new Error(`${where}: a GET route takes no body`);
  } else if (spec.cache) throw new Error(`${where}: only GET routes are cached`);
  else if (spec.orElse) throw new Error(`${where}: only a GET route's guard may have a second chance`);
  const streamed = spec.body === "stream";
  if (streamed && spec.limit?.readsBody) throw new Error(`${where}: a streamed body cannot be counted by a rate limit`);
  if (streamed && spec.precheck) throw new Error(`${where}: a streamed body has no precheck`);
  const takesBody = spec.body !== undefined && spec.body !== "oneClick";
  const noContent = isOtherAnswer(spec.response) && spec.response.mediaType === null;
  if (noContent !== (spec.successStatus === 204)) throw new Error(`${where}: an answer without a body (mediaType: null) goes with successStatus 204, and only it`);
  return {
    method: spec.method,
    path: spec.path,
    guard: spec.guard,
    orElse: spec.orElse !== undefined,
    takesBody,
    streamed,
    tooLargeMessage: spec.tooLargeMessage,
    bodyLimit: takesBody ? (spec.bodyLimit ?? DEFAULT_BODY_LIMIT) : spec.method === "get" ? 0 : NO_BODY_LIMIT,
    maxDepth: spec.maxDepth ?? DEFAULT_MAX_DEPTH,
    cache: spec.cache,
    rateLimit: spec.limit?.action,
    schemas: { params: spec.params, query: spec.query, body: spec.body, response: spec.response },
    successStatus: spec.successStatus ?? 200,
  };
}

async function prepare(
  spec: AnySpec,
  info: RouteInfo,
  req: Request,
  res: Response,
): Promise<RouteInput<unknown, unknown, unknown>> {
  // 1. Who is calling (the session only).
  const guard = GUARDS[spec.guard];
  if (guard) {
    await runMiddleware(guard, req, res).catch(async (refusal: unknown) => {
      if (!spec.orElse || !(await spec.orElse(req, res))) throw refusal;
    });
  }
  // 2. A rate limit that needs no body counts now; one that counts accounts in the body checks the address.
  const limit = spec.limit;
  if (limit && !limit.readsBody) await limit.count(req, res, undefined);
  if (limit?.readsBody) await limit.gate(req, res);
  // 3. Path and query.
  const params = spec.params ? parse(spec.params, req.params, spec) : undefined;
  const query = spec.query ? parse(spec.query, req.query, spec) : undefined;
  // 4. The body, now that the caller may send it.
  let body: unknown = undefined;
  if (info.streamed) {
    body = streamBody(req, info.bodyLimit, info.maxDepth, tooLargeOf(spec, info.bodyLimit));
  } else if (spec.body === "oneClick") {
    await readOneClickBody(req, info.maxDepth, tooLargeOf(spec, NO_BODY_LIMIT));
  } else if (info.method !== "get") {
    const raw = await readJsonBody(req, info.bodyLimit, info.maxDepth, tooLargeOf(spec, info.bodyLimit));
    if (containsNul(raw)) throw new AppError(400, NUL_MESSAGE, { code: "bad_request" });
    if (limit?.readsBody) await limit.count(req, res, raw);
    if (spec.body) {
      const problem = spec.precheck?.(raw ?? {});
      if (problem) throw problem;
      body = parse(spec.body as ZodType, raw ?? {}, spec);
    }
    // What a library reads from req.body (passport's username and password) is the checked body.
    req.body = body;
  }
  return { params, query, body };
}

/** Whether a declared answer is an OtherAnswer (not JSON, or no body) rather than a zod schema. */
export function isOtherAnswer(response: AnswerSpec | undefined): response is OtherAnswer {
  return response !== undefined && "mediaType" in response;
}

function parse(schema: ZodType, value: unknown, spec: { errorTitle?: RouteSpec<undefined, undefined, undefined>["errorTitle"] }): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const error = zodToAppError(parsed.error);
  const title = typeof spec.errorTitle === "function" ? spec.errorTitle(error.message) : spec.errorTitle;
  if (!title) throw error;
  throw new AppError(400, error.message, { code: error.code, title, ...(error.fields ? { fields: error.fields } : {}) });
}

/** Runs an Express middleware as a step: resolves when it calls next(), rejects with its error. */
function runMiddleware(mw: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void mw(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
  });
}

const ONE_CLICK_FORMS = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The body of a one-click unsubscribe (RFC 8058), read and ignored: JSON (our page) is checked like
 * any body without a schema; the provider's form must be uncompressed and at most 1 KB; any other
 * type is a 415.
 */
async function readOneClickBody(req: Request, maxDepth: number, tooLarge: () => AppError): Promise<void> {
  if (!sendsBody(req) || !req.is(ONE_CLICK_FORMS)) {
    await readJsonBody(req, NO_BODY_LIMIT, maxDepth, tooLarge);
    return;
  }
  if ((req.get("content-encoding") ?? "identity").trim().toLowerCase() !== "identity") {
    throw new AppError(415, "Unsupported request encoding: send it uncompressed.", { code: "unsupported_media_type" });
  }
  if (Number(req.get("content-length") ?? 0) > NO_BODY_LIMIT) throw tooLarge();
  bodyReads.started += 1;
  bodyReads.bytes += (await readAtMost(req, undefined, NO_BODY_LIMIT, tooLarge)).length;
}

/**
 * Reads and parses the JSON body (undefined when none was sent). Headers first (type, charset,
 * encoding, declared length); then at most `limit` bytes after inflating: past that it stops
 * reading (and inflating) at once, and the connection is closed after the refusal (see prepare).
 */
async function readJsonBody(req: Request, limit: number, maxDepth: number, tooLarge: () => AppError): Promise<unknown> {
  if (!sendsBody(req)) return undefined;
  const inflate = checkHeaders(req, limit, tooLarge, true);
  bodyReads.started += 1;
  const buf = await readAtMost(req, inflate?.(), limit, tooLarge);
  bodyReads.bytes += buf.length;
  if (buf.length === 0) return undefined;
  if (nestingDepth(buf, maxDepth) > maxDepth) throw tooDeep(maxDepth);
  const text = buf.toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError(400, "The request body is not valid JSON.", { code: "invalid_json" });
  }
}

/**
 * The headers of a body about to be read: JSON, UTF-8, a known encoding (a streamed body: none), a
 * declared length within `limit`. Returns how to inflate it, if it is compressed.
 */
function checkHeaders(req: Request, limit: number, tooLarge: () => AppError, inflates: boolean): (() => Duplex) | undefined {
  const declared = req.get("content-length");
  if (!req.is("application/json")) {
    throw new AppError(415, "Requests must be sent as application/json.", { code: "unsupported_media_type" });
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.get("content-type") ?? "")?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    throw new AppError(415, "Unsupported request encoding: send UTF-8 JSON.", { code: "unsupported_media_type" });
  }
  const encoding = (req.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (!inflates && encoding !== "identity") {
    throw new AppError(415, "Unsupported request encoding: send it uncompressed.", { code: "unsupported_media_type" });
  }
  const inflate = INFLATE[encoding];
  if (encoding !== "identity" && !inflate) {
    throw new AppError(415, "Unsupported request encoding: send it plain or gzip, deflate or br compressed.", { code: "unsupported_media_type" });
  }
  if (encoding === "identity" && declared !== undefined && Number(declared) > limit) throw tooLarge();
  return inflate;
}

/**
 * A streamed body (body: "stream"): the headers are checked now, and the handler gets the request's
 * bytes through a pass-through that counts them and the nesting of the JSON text as they go by,
 * failing with 413 past `limit` bytes and 400 past `maxDepth` levels (a reader of the stream sees
 * the error). A request without a body gives an empty stream.
 */
function streamBody(req: Request, limit: number, maxDepth: number, tooLarge: () => AppError): BodyStream {
  if (sendsBody(req)) checkHeaders(req, limit, tooLarge, false);
  bodyReads.started += 1;
  let size = 0;
  const depth = nestingCounter();
  const out = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      bodyReads.bytes += chunk.length;
      if (size > limit) return done(tooLarge());
      if (depth(chunk) > maxDepth) return done(tooDeep(maxDepth));
      done(null, chunk);
    },
  });
  // The refusal reaches whoever reads the stream (for await rethrows it); a handler that refused
  // before reading (e.g. 409) leaves no reader, and the error must not go unhandled.
  out.on("error", () => undefined);
  const onAborted = () => {
    if (!req.complete) out.destroy(new AppError(400, "The request body ended early.", { code: "bad_body" }));
  };
  req.once("close", onAborted);
  out.once("close", () => {
    req.off("close", onAborted);
    req.unpipe(out);
    if (!req.complete) req.pause();
  });
  return req.pipe(out);
}

function tooDeep(maxDepth: number): AppError {
  return new AppError(400, `The request body is nested too deeply (at most ${maxDepth} levels).`, { code: "body_too_deep" });
}

function sendsBody(req: Request): boolean {
  return req.get("transfer-encoding") !== undefined || Number(req.get("content-length") ?? 0) > 0;
}

const INFLATE: Record<string, (() => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress) | undefined> = {
  gzip: () => zlib.createGunzip(),
  "x-gzip": () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** The 413 of a route: its own message (tooLargeMessage) or the helper's. */
function tooLargeOf(spec: AnySpec, limit: number): () => AppError {
  const title = typeof spec.errorTitle === "string" ? spec.errorTitle : undefined;
  const message = spec.tooLargeMessage ?? `The request body is too large (at most ${formatBytes(limit)}).`;
  return () => new AppError(413, message, { code: "payload_too_large", ...(title ? { title } : {}) });
}

/** The request's bytes (inflated through `inflate` when given), refusing as soon as they pass `limit`. */
function readAtMost(req: Request, inflate: Duplex | undefined, limit: number, tooLarge: () => AppError): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const source: Readable = inflate ?? req;
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err?: AppError) => {
      if (done) return;
      done = true;
      source.off("data", onData).off("end", onEnd).off("error", onError);
      req.off("close", onClose).off("error", onError);
      if (inflate) {
        req.unpipe(inflate);
        inflate.destroy();
      }
      if (err) {
        req.pause();
        reject(err);
      } else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(tooLarge());
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onError = () => finish(new AppError(400, "The request body could not be read.", { code: "bad_body" }));
    const onClose = () => {
      if (!req.complete) finish(new AppError(400, "The request body ended early.", { code: "bad_body" }));
    };
    source.on("data", onData).on("end", onEnd).on("error", onError);
    req.on("close", onClose).on("error", onError);
    if (inflate) req.pipe(inflate);
  });
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MB` : `${Math.round(n / 1024)} KB`;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * The deepest nesting of arrays and objects in JSON text (strings skipped), stopping as soon as it
 * passes `stopAbove`. Linear in the text, no recursion: it runs before JSON.parse builds anything.
 */
export function nestingDepth(buf: Uint8Array, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return deepest;
}

/** nestingDepth across chunks: each call takes the next chunk and answers the deepest level so far. */
export function nestingCounter(): (chunk: Uint8Array) => number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let escaped = false;
  return (buf) => {
    for (let i = 0; i < buf.length; i++) {
      const c = buf[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
        depth++;
        if (depth > deepest) deepest = depth;
      } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
    }
    return deepest;
  };
}

interface Layer {
  route?: { path: string | string[]; methods?: Record<string, boolean>; stack: { handle: unknown }[] };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

/** Every route of an app: its method(s), full path ("/api/…") and, when declared with route(), what it declared. */
export function routeTable(app: Express): { methods: string[]; fullPath: string; info: RouteInfo | undefined }[] {
  const out: { methods: string[]; fullPath: string; info: RouteInfo | undefined }[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const found = layer.route.stack
          .map((l) => (typeof l.handle === "function" ? (l.handle as { [ROUTE_INFO]?: RouteInfo })[ROUTE_INFO] : undefined))
          .find((i) => i !== undefined);
        const methods = Object.keys(layer.route.methods ?? {}).filter((m) => layer.route!.methods![m]);
        for (const p of [layer.route.path].flat()) out.push({ methods, fullPath: prefix + p, info: found });
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
  return out;
}

// The shorthands below declare the common reads (and a caller's change to their own things) through
// route() in one line each: the same guard, cache choice and route table, only without restating
// the handler. Each takes the zod schema of its answer last (`response`, see RouteSpec), and `read`
// must answer what that schema takes.

/** The frame every shorthand shares: route() with `spec` (and `response`), answering `answer(req, input)` as JSON. */
function jsonRoute<P extends ZodType | undefined = undefined, Q extends ZodType | undefined = undefined, B extends BodySpec = undefined>(
  route: RouteBuilder["route"],
  spec: Omit<RouteSpec<P, Q, B>, "handler" | "response">,
  response: ZodType | undefined,
  answer: (req: Request, input: RouteInput<Infer<P>, Infer<Q>, Infer<B>>) => Promise<unknown>,
): void {
  route<P, Q, B>({
    ...spec,
    ...(response ? { response } : {}),
    handler: async (req, res, input) => {
      res.json(await answer(req, input));
    },
  });
}

/** GET `path`, uncached, answering `read(deps)`: a setting or club-wide figure that needs no input. */
export function uncachedRead<D, R extends ZodType = ZodType>(
  route: RouteBuilder["route"],
  deps: D,
  path: string,
  guard: Guard,
  read: (deps: D) => Promise<z.input<R>>,
  response?: R,
): void {
  jsonRoute(route, { method: "get", path, guard, cache: "uncached" }, response, () => read(deps));
}

/**
 * GET `path`, uncached, of the page an emailed link opens: `read(deps, { token })`. It only reads
 * (mail scanners prefetch links); what the link does is a POST of its own. `params` is the module's
 * check of the token, with its message.
 */
export function tokenRead<D, P extends ZodType<{ token: string }>, R extends ZodType = ZodType>(
  route: RouteBuilder["route"],
  deps: D,
  path: string,
  params: P,
  read: (deps: D, input: { token: string }) => Promise<z.input<R>>,
  response?: R,
  errorTitle?: string,
): void {
  jsonRoute(
    route,
    { method: "get", path, guard: "token", params, cache: "uncached", ...(errorTitle ? { errorTitle } : {}) },
    response,
    (_req, { params: { token } }) => read(deps, { token }),
  );
}

/** GET `path`, uncached, answering `read(deps, { actor })`: the signed-in caller's own settings or counts. */
export function ownRead<D, R extends ZodType = ZodType>(
  route: RouteBuilder["route"],
  deps: D,
  path: string,
  guard: Exclude<Guard, "public" | "token">,
  read: (deps: D, input: { actor: Express.User }) => Promise<z.input<R>>,
  response?: R,
): void {
  jsonRoute(route, { method: "get", path, guard, cache: "uncached" }, response, (req) => read(deps, { actor: currentUser(req) }));
}

/** GET `path` of a paged list: its query parsed by `query` (a `pageQuerySchema`), answering `read(deps, query)`. */
export function listRead<D, Q extends ZodType, R extends ZodType = ZodType>(
  route: RouteBuilder["route"],
  deps: D,
  path: string,
  guard: Guard,
  query: Q,
  cache: "cached" | "uncached",
  read: (deps: D, query: z.output<Q>) => Promise<z.input<R>>,
  response?: R,
): void {
  jsonRoute(route, { method: "get", path, guard, query, cache }, response, (_req, input) => read(deps, input.query as z.output<Q>));
}

/**
 * GET `path` of a paged list read as the signed-in caller: its query parsed by `query` (a
 * `pageQuerySchema`), answering `read(deps, { ...query, actor })`.
 */
export function ownListRead<D, Q extends ZodType, R extends ZodType = ZodType>(
  route: RouteBuilder["route"],
  deps: D,
  path: string,
  guard: Exclude<Guard, "public" | "token">,
  query: Q,
  cache: "cached" | "uncached",
  read: (deps: D, input: z.output<Q> & { actor: Express.User }) => Promise<z.input<R>>,
  response?: R,
): void {
  jsonRoute(route, { method: "get", path, guard, query, cache }, response, (req, input) =>
    read(deps, { ...(input.query as object), actor: currentUser(req) } as z.output<Q> & { actor: Express.User }),
  );
}

/** GET `/teams/:id` or one of its parts, cached, for members: `read(deps, { teamId, actor })`. */
export function teamRead<D, R extends ZodType = ZodType>(
  route: RouteBuilder["route"],
  deps: D,
  path: `/teams/:id${string}`,
  read: (deps: D, input: { teamId: number; actor: Express.User }) => Promise<z.input<R>>,
  response?: R,
): void {
  jsonRoute(route, { method: "get", path, guard: "verified", params: IdParams, cache: "cached" }, response, (req, { params }) =>
    read(deps, { teamId: params.id, actor: currentUser(req) }),
  );
}

/**
 * A change the signed-in caller makes to their own things (`method` other than GET): its body
 * parsed by `body`, answering `write({ ...deps, logger: requestLog(req) }, { ...body, actor })`.
 */
export function ownChange<D extends { logger: Logger }, B extends ZodType, R extends ZodType = ZodType>(
  route: RouteBuilder["route"],
  deps: D,
  method: Exclude<Method, "get">,
  path: string,
  guard: Exclude<Guard, "public" | "token">,
  body: B,
  errorTitle: string,
  write: (deps: D, input: z.output<B> & { actor: Express.User }) => Promise<z.input<R>>,
  response?: R,
): void {
  jsonRoute(route, { method, path, guard, body, errorTitle }, response, (req, input) =>
    write({ ...deps, logger: requestLog(req) }, { ...(input.body as object), actor: currentUser(req) } as z.output<B> & { actor: Express.User }),
  );
}
