// The API reference (OpenAPI 3.1), generated from the routes the app registers and the zod schemas
// they declared with route() (server/lib/route.ts): never written by hand, so it cannot say what the
// code does not do. Served at GET /api/openapi.json (docs/decisions/033-api-reference-from-zod.md)
// and rendered at GET /api/docs (docs/decisions/037-api-reference-page.md). The contract test (server/lib/openapi.test.ts and
// tests/helpers/contract.ts) checks that every route is in it and every answer the API tests receive
// matches it.
import type { Application, Express } from "express";
import { z, type ZodType } from "zod";
import { DEFAULT_BODY_LIMIT, DEFAULT_MAX_DEPTH, NO_BODY_LIMIT, isOtherAnswer, routeTable, type AnswerSpec, type Guard, type RouteInfo } from "./route";
import { SESSION_COOKIE } from "../auth/session";
import { apiErrorBodySchema } from "@shared/api";

type Json = Record<string, unknown>;

/** Who may call a route, as the reference tells it (the guards of server/lib/route.ts). */
export const GUARD_DESCRIPTIONS: Record<Guard, string> = {
  public: "Anyone, signed in or not.",
  token: "Anyone holding the emailed token in the path (whether the token is valid is the answer's business).",
  signedIn: "A signed-in member (session cookie).",
  verified: "A signed-in member whose email address is verified.",
  participant: "A verified member approved by an admin (may challenge, report, confirm).",
  captain: "The captain of a team.",
  admin: "An admin, signed in with the second factor when the club requires it.",
  adminAnyFactor: "An admin, also while still to set up the second factor.",
};

/** GET /api/openapi.json answers this document: its top level here; inside, OpenAPI 3.1's own shapes. */
export const openApiDocumentSchema = z.object({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string() }),
  paths: z.record(z.string().startsWith("/api/"), z.record(z.string(), z.looseObject({ responses: z.record(z.string(), z.looseObject({})) }))),
  components: z.looseObject({ schemas: z.record(z.string(), z.looseObject({})) }),
});

const DESCRIPTION = `The doubles-ladder API. This reference is generated from the routes the server registers and the zod schemas they validate with.

**Session.** Signing in (\`POST /api/login\`) sets the \`${SESSION_COOKIE}\` cookie (HttpOnly, SameSite=Lax, Secure over https). Every call that needs a signed-in member sends it back; routes whose security list is empty need none. Each operation's \`x-guard\` and description say who may call it (${Object.keys(GUARD_DESCRIPTIONS).join(", ")}).

**CSRF.** A mutating call (POST, PUT, PATCH, DELETE) is refused with 403 \`cross_site\` when its \`Sec-Fetch-Site\` is \`cross-site\`, or its \`Origin\` is \`null\` or another site than the app's; and with 415 \`unsupported_media_type\` when it carries a body (or a Content-Type) that is not \`application/json\` (UTF-8). A cross-site form cannot send JSON without a preflight, which is never granted. The one exception is the one-click unsubscribe (RFC 8058), a form POST whose signed token in the path is its only authority.

**Bodies.** Read only after the guard: JSON, at most ${DEFAULT_BODY_LIMIT / 1024} KB unless a route says otherwise (413), at most ${DEFAULT_MAX_DEPTH} levels deep (400), gzip/deflate/br allowed. A call without a body schema may send at most ${NO_BODY_LIMIT / 1024} KB of valid JSON, which is ignored.

**Errors.** Every refusal answers the \`Error\` schema with a 4xx or 5xx status: 400 invalid input (with \`fields\`), 401 signed out, 403 not allowed, 404 not found (also for another team's challenge or match), 409 conflict, 413/415 body refused, 429 too many attempts (with Retry-After), 503 the database unavailable or busy with a restore.`;

const built = new WeakMap<Express, Json>();

/** The OpenAPI 3.1 document of an app, built once per app. */
export function openApiDocument(app: Express | Application): Json {
  let doc = built.get(app as Express);
  if (!doc) {
    doc = buildDocument(app as Express);
    built.set(app as Express, doc);
  }
  return doc;
}

/** Express's `/teams/:id` as OpenAPI's `/teams/{id}`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

/** The names of a path's parameters, in order. */
export function pathParams(expressPath: string): string[] {
  return [...expressPath.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? "");
}

/** A zod schema as JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), as callers send it or get it. */
export function jsonSchemaOf(schema: ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Json;
  delete out.$schema;
  return out;
}

function buildDocument(app: Express): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const row of routeTable(app)) {
    if (!row.fullPath.startsWith("/api/")) continue;
    const key = openApiPath(row.fullPath);
    for (const method of row.methods) {
      if (method === "_all") continue;
      (paths[key] ??= {})[method] = operation(method, row.fullPath, row.info);
    }
  }
  return {
    // No jsonSchemaDialect: the schemas are JSON Schema 2020-12, which OpenAPI 3.1's default dialect
    // is (plus its own keywords); naming plain 2020-12 instead only made renderers warn (decision 037).
    openapi: "3.1.0",
    info: { title: "doubles-ladder API", version: "1", description: DESCRIPTION },
    paths,
    components: {
      securitySchemes: {
        cookieAuth: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The session cookie set by POST /api/login." },
      },
      schemas: { Error: jsonSchemaOf(apiErrorBodySchema, "output") },
      responses: {
        Error: {
          description: "A refusal or failure (see the description of the API for the statuses).",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    },
  };
}

function operation(method: string, fullPath: string, info: RouteInfo | undefined): Json {
  const names = pathParams(fullPath);
  const guard = info?.guard;
  const op: Json = {
    operationId: `${method}${fullPath.replace(/^\/api/, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    tags: [fullPath.split("/")[2] ?? "api"],
  };
  if (guard) {
    op["x-guard"] = guard;
    op.description = `Who may call it: ${GUARD_DESCRIPTIONS[guard]}${info.rateLimit ? ` Rate limited (${info.rateLimit}): 429 past the limit.` : ""}`;
    op.security = guard === "public" || guard === "token" ? [] : [{ cookieAuth: [] }];
  }
  const parameters: Json[] = [];
  const paramSchema = info?.schemas.params ? jsonSchemaOf(info.schemas.params, "input") : undefined;
  const paramProps = (paramSchema?.properties ?? {}) as Record<string, Json>;
  for (const name of names) parameters.push({ name, in: "path", required: true, schema: paramProps[name] ?? { type: "string" } });
  if (info?.schemas.query) {
    const q = jsonSchemaOf(info.schemas.query, "input");
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties ?? {}) as Record<string, Json>)) {
      parameters.push({ name, in: "query", required: required.has(name), schema });
    }
  }
  if (parameters.length > 0) op.parameters = parameters;
  const body = info?.schemas.body;
  if (body === "stream") {
    op.requestBody = {
      required: true,
      description: `Read as it arrives: JSON, uncompressed, at most ${info!.bodyLimit} bytes.`,
      content: { "application/json": { schema: {} } },
    };
  } else if (body === "oneClick") {
    op.requestBody = {
      required: false,
      description: "Ignored: the token in the path is the whole request (RFC 8058 one-click, or our page's empty JSON).",
      content: { "application/x-www-form-urlencoded": { schema: {} }, "application/json": { schema: {} } },
    };
  } else if (body) {
    op.requestBody = { required: true, content: { "application/json": { schema: jsonSchemaOf(body, "input") } } };
  }
  const success = String(info?.successStatus ?? 200);
  op.responses = {
    [success]: successAnswer(info?.schemas.response),
    "4XX": { $ref: "#/components/responses/Error" },
    "5XX": { $ref: "#/components/responses/Error" },
  };
  return op;
}

/** The success answer of an operation: its JSON schema, a non-JSON body in words, or no body. */
function successAnswer(response: AnswerSpec | undefined): Json {
  if (!response) return { description: "Success (the answer's schema is not declared yet)." };
  if (!isOtherAnswer(response)) return { description: "Success.", content: { "application/json": { schema: jsonSchemaOf(response, "output") } } };
  if (response.mediaType === null) return { description: response.description };
  const types: readonly string[] = typeof response.mediaType === "string" ? [response.mediaType] : response.mediaType;
  return { description: response.description, content: Object.fromEntries(types.map((t) => [t, { schema: t.startsWith("text/") ? { type: "string" } : {} }])) };
}

const validators = new WeakMap<Json, Map<string, ((body: unknown) => string | undefined) | null>>();

/**
 * The contract check of one JSON answer: undefined when it matches the document (or the route
 * declares no answer schema for that status), else what is wrong. `compile` turns a JSON Schema
 * into a check (ajv in the tests: tests/helpers/app.ts).
 */
export function answerMismatch(
  doc: Json,
  compile: (schema: object) => (body: unknown) => string | undefined,
  method: string,
  expressPath: string,
  status: number,
  body: unknown,
): string | undefined {
  const key = `${method.toLowerCase()} ${openApiPath(expressPath)} ${status}`;
  let cache = validators.get(doc);
  if (!cache) validators.set(doc, (cache = new Map()));
  let check = cache.get(key);
  if (check === undefined) {
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }> | undefined>;
    const schema = paths[openApiPath(expressPath)]?.[method.toLowerCase()]?.responses[String(status)]?.content?.["application/json"]?.schema;
    check = schema ? compile(schema) : null;
    cache.set(key, check);
  }
  const problem = check?.(body);
  return problem ? `${method.toUpperCase()} ${expressPath} ${status}: ${problem}` : undefined;
}
