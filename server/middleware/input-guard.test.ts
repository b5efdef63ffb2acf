// The NUL guard of every API request's path and query (bodies: the route helper).
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { NUL_MESSAGE, rejectNulCharacters } from "./input-guard";
import { errorHandler } from "./error-handler";

const app = express();
app.use(rejectNulCharacters);
app.get("/*path", (req, res) => {
  res.json({ query: req.query });
});
app.use(errorHandler);

describe("rejectNulCharacters", () => {
  it.each([
    ["a query value", "/teams?name=a%00b"],
    ["a query key", "/teams?na%00me=x"],
    ["a repeated key", "/teams?x=1&x=%00"],
    ["the path", "/teams/1%00"],
    ["a malformed escape next to it", "/teams?x=%%00"],
  ])("refuses a NUL in %s with 400 and the message", async (_what, url) => {
    const res = await request(app).get(url);
    expect(res.status).toBe(400);
    expect(res.body.message ?? res.body.detail ?? JSON.stringify(res.body)).toContain(NUL_MESSAGE);
  });

  it.each([
    ["plain text", "/teams?name=Net%20Ninjas&page=2", { name: "Net Ninjas", page: "2" }],
    ["an escaped percent before 00 (the text %00, not a NUL)", "/teams?name=%2500", { name: "%00" }],
    ["other control characters", "/teams?name=a%01b", { name: "a\u0001b" }],
  ])("lets %s through", async (_what, url, query) => {
    const res = await request(app).get(url);
    expect(res.status).toBe(200);
    expect(res.body.query).toEqual(query);
  });
});
