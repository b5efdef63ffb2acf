// The contract check of the API tests (docs/decisions/033-api-reference-from-zod.md): every JSON
// answer of a route that declares its answer schema (route({ response })) is checked against the
// generated API reference with ajv; a mismatch is recorded, and the test during which it arrived
// fails (the afterEach of useTestApp in tests/helpers/app.ts).
import type { Express, Request } from "express";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { answerMismatch, openApiDocument } from "../../server/lib/openapi";

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

export function compileAnswerSchema(schema: object): (body: unknown) => string | undefined {
  const validate = ajv.compile(schema);
  // As the client receives it (dates as strings…): only for routes that declare their answer.
  return (body) => (validate(JSON.parse(JSON.stringify(body ?? null))) ? undefined : ajv.errorsText(validate.errors));
}

/** The answers that did not match the reference since the last call (emptied by the call). */
const mismatches: string[] = [];
export function takeContractMismatches(): string[] {
  return mismatches.splice(0);
}

/** Checks the app's JSON answers against its reference, from now on. */
export function checkAnswersAgainstReference(app: Express): void {
  const proto = app.response as { json: (body: unknown) => unknown; statusCode: number; req: Request };
  const json = proto.json;
  proto.json = function (this: typeof proto, body: unknown) {
    const req = this.req;
    const routePath = (req.route as { path?: unknown } | undefined)?.path;
    if (typeof routePath === "string") {
      const problem = answerMismatch(openApiDocument(app), compileAnswerSchema, req.method, req.baseUrl + routePath, this.statusCode, body);
      if (problem) mismatches.push(problem);
    }
    return json.call(this, body);
  };
}
