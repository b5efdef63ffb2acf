// The API reference page, GET /api/docs (docs/decisions/037-api-reference-page.md): our HTML page with
// its own CSP, loading only scripts and styles of this origin, each of which answers.
import { describe, expect, it } from "vitest";
import { type TestApp, useTestApp } from "../../../tests/helpers/app";
import { API_DOCS_FILES } from "./api-docs";

let t: TestApp;
useTestApp((app) => (t = app));

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Every src/href of the page's script and link tags. */
function assetsOf(html: string): string[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
}

describe("the API reference page (GET /api/docs)", () => {
  it("answers HTML to anyone, with a CSP tighter than the app's: own scripts and styles only, no inline code", async () => {
    const res = await t.request.get("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const csp = directives(String(res.headers["content-security-policy"]));
    expect(Object.fromEntries(csp)).toEqual({
      "default-src": ["'none'"],
      "script-src": ["'self'"],
      "style-src": ["'self'"],
      "img-src": ["'self'", "data:"],
      "connect-src": ["'self'"],
      "object-src": ["'none'"],
      "base-uri": ["'none'"],
      "form-action": ["'none'"],
      "frame-ancestors": ["'none'"],
    });
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    // No inline script or style, and no event-handler attribute: the CSP would block them.
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.text).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
    // The app's other pages keep the app's CSP.
    const other = directives(String((await t.request.get("/api/health")).headers["content-security-policy"]));
    expect(other.get("default-src")).toEqual(["'self'"]);
  });

  it("loads Swagger UI and its initializer from this origin, which answer with their types, gzipped when accepted, and revalidated", async () => {
    const page = await t.request.get("/api/docs");
    const assets = assetsOf(page.text).filter((href) => href.startsWith("/api/docs/"));
    expect(assets).toEqual(["/api/docs/swagger-ui.css", "/api/docs/page.css", "/api/docs/swagger-ui-bundle.js", "/api/docs/init.js"]);
    expect(assets.map((a) => a.slice("/api/docs/".length)).sort()).toEqual([...API_DOCS_FILES].sort());
    for (const href of assets) {
      const res = await t.request.get(href).set("Accept-Encoding", "identity");
      expect(res.status, href).toBe(200);
      expect(res.headers["content-type"], href).toMatch(href.endsWith(".js") ? /^text\/javascript/ : /^text\/css/);
      expect(res.headers["cache-control"], href).toBe("no-cache");
      expect(res.headers["content-encoding"], href).toBeUndefined();
      const etag = res.headers.etag as string;
      expect(etag, href).toMatch(/^"[\w-]+"$/);
      // The same file again, as the browser revalidates it: 304, no body.
      const again = await t.request.get(href).set("Accept-Encoding", "identity").set("If-None-Match", etag);
      expect(again.status, href).toBe(304);
      expect(again.text ?? "", href).toBe("");
    }
    // supertest inflates a gzipped answer as it reads it: the text is the bundle, the length its gzip.
    const bundle = await t.request.get("/api/docs/swagger-ui-bundle.js").set("Accept-Encoding", "gzip");
    expect(bundle.headers["content-encoding"]).toBe("gzip");
    expect(bundle.headers.vary).toMatch(/Accept-Encoding/);
    expect(bundle.text).toContain("SwaggerUIBundle");
    expect(Number(bundle.headers["content-length"])).toBeLessThan(bundle.text.length / 2);
  });

  it("points Swagger UI at the generated document, with no call to another site", async () => {
    const init = await t.request.get("/api/docs/init.js");
    expect(init.text).toContain('url: "/api/openapi.json"');
    expect(init.text).toContain("validatorUrl: null");
    expect(init.text).not.toMatch(/https?:\/\//);
  });

  it("answers any other file name with the API's 404", async () => {
    for (const name of ["nope.js", "index.html", "swagger-ui-bundle.js.map", "..%2Fpackage.json", "constructor", "__proto__"]) {
      const res = await t.request.get(`/api/docs/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body.code, name).toBe("not_found");
    }
  });

  it("is in the API reference itself, as an HTML page and its files", async () => {
    const doc = (await t.request.get("/api/openapi.json")).body as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    expect(Object.keys(doc.paths["/api/docs"]?.get?.responses["200"]?.content ?? {})).toEqual(["text/html"]);
    expect(Object.keys(doc.paths["/api/docs/{file}"]?.get?.responses["200"]?.content ?? {})).toEqual(["text/javascript", "text/css"]);
  });
});
