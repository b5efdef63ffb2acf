import express from "express";
import supertest from "supertest";
import { describe, expect, it } from "vitest";
import { apiDocsContentSecurityPolicy, contentSecurityPolicy, securityHeaders } from "./security";

/** What an answer of a bare app carrying securityHeaders(appUrl) sends, minus what Node and Express add. */
async function headersOf(appUrl: string): Promise<Record<string, string>> {
  const app = express();
  app.disable("x-powered-by");
  app.use(securityHeaders(appUrl));
  app.get("/", (_req, res) => {
    res.json({});
  });
  const res = await supertest(app).get("/");
  const ownByNode = new Set(["connection", "content-length", "content-type", "date", "etag", "keep-alive"]);
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !ownByNode.has(name))) as Record<string, string>;
}

const APP_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http:; font-src 'self' data:; " +
  "connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const EVERY_SITE = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

describe("security headers (docs/security.md, Security headers)", () => {
  it("sends exactly the documented set over http", async () => {
    expect(await headersOf("http://localhost:5000")).toEqual({ "content-security-policy": APP_CSP, ...EVERY_SITE });
  });

  it("adds HSTS and upgrade-insecure-requests over https", async () => {
    expect(await headersOf("https://ladder.example.org")).toEqual({
      "content-security-policy": `${APP_CSP}; upgrade-insecure-requests`,
      "strict-transport-security": "max-age=15552000; includeSubDomains",
      ...EVERY_SITE,
    });
  });

  it("writes a policy as directives separated by '; ', a directive without sources as its name alone", () => {
    expect(contentSecurityPolicy({ "default-src": ["'none'"], "img-src": ["'self'", "data:"], "upgrade-insecure-requests": [] })).toBe(
      "default-src 'none'; img-src 'self' data:; upgrade-insecure-requests",
    );
    expect(apiDocsContentSecurityPolicy("http://localhost:5000")).toMatch(/^default-src 'none'; script-src 'self'; /);
    expect(apiDocsContentSecurityPolicy("https://ladder.example.org")).toMatch(/; upgrade-insecure-requests$/);
  });
});
