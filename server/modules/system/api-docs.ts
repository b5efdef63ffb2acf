// The API reference page, GET /api/docs (docs/decisions/037-api-reference-page.md): a small HTML page
// of our own, Swagger UI's bundle and stylesheet as they ship in swagger-ui-dist, and our initializer
// script, which points Swagger UI at GET /api/openapi.json. Every script is a file of this origin
// (the CSP allows no inline script); none of it is in the client's build.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { createRequire } from "node:module";
import { promisify } from "node:util";

const gzip = promisify(zlib.gzip);

/** Where the page's files are served: GET /api/docs/<file>. */
export const API_DOCS_PATH = "/api/docs";

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

/** The initializer: BaseLayout (no top bar with a URL box), no validator badge (it would call validator.swagger.io). */
const INIT_SCRIPT = `// The API reference page (docs/decisions/037-api-reference-page.md): Swagger UI over the generated document.
window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  filter: true,
});
`;

/** The page's own touches over Swagger UI's stylesheet: less empty space, and on a phone, room for the text. */
const PAGE_CSS = `body { margin: 0; background: #fff; }
.swagger-ui .info { margin: 24px 0; }
.swagger-ui .filter .operation-filter-input { max-width: 100%; margin: 12px 0; }
@media (max-width: 640px) {
  .swagger-ui .wrapper { padding: 0 12px; }
  .swagger-ui .info .title { font-size: 28px; }
  .swagger-ui .response-col_links { display: none; }
  .swagger-ui .opblock .opblock-section-header { padding: 8px 12px; }
  .swagger-ui .opblock-body pre.microlight { overflow-x: auto; }
  .swagger-ui .highlight-code > .microlight code { white-space: pre !important; word-break: normal; }
}
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>doubles-ladder API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
<link rel="stylesheet" href="${API_DOCS_PATH}/page.css">
</head>
<body>
<main id="swagger-ui"><p>The API reference needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></main>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/init.js"></script>
</body>
</html>
`;

/** The HTML of GET /api/docs. */
export function apiDocsPage(): string {
  return PAGE;
}

const JS = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";

/** Every file the page loads, by name: Swagger UI's two from node_modules, and ours. */
const FILES: Record<string, { type: string; read: () => Promise<Buffer> }> = {
  "swagger-ui-bundle.js": { type: JS, read: () => fs.promises.readFile(path.join(SWAGGER_UI_DIR, "swagger-ui-bundle.js")) },
  "swagger-ui.css": { type: CSS, read: () => fs.promises.readFile(path.join(SWAGGER_UI_DIR, "swagger-ui.css")) },
  "init.js": { type: JS, read: () => Promise.resolve(Buffer.from(INIT_SCRIPT)) },
  "page.css": { type: CSS, read: () => Promise.resolve(Buffer.from(PAGE_CSS)) },
};

/** The names GET /api/docs/:file serves. */
export const API_DOCS_FILES = Object.keys(FILES);

export interface ApiDocsFile {
  type: string;
  /** As is, and gzipped (the bundle is 1.7 MB, about 0.5 MB gzipped). */
  plain: Buffer;
  gzipped: Buffer;
  /** A strong validator of the plain bytes (the gzipped ones add "-gz"). */
  etag: string;
}

const loaded = new Map<string, Promise<ApiDocsFile>>();

/** One of the page's files, read and compressed once per process; undefined for any other name. */
export function apiDocsFile(name: string): Promise<ApiDocsFile> | undefined {
  const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
  if (!file) return undefined;
  let entry = loaded.get(name);
  if (!entry) {
    entry = (async () => {
      const plain = await file.read();
      const hash = crypto.createHash("sha256").update(plain).digest("base64url").slice(0, 27);
      return { type: file.type, plain, gzipped: await gzip(plain, { level: 9 }), etag: `"${hash}"` };
    })();
    entry.catch(() => loaded.delete(name));
    loaded.set(name, entry);
  }
  return entry;
}
