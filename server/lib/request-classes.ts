// The HTTP server's request and response classes, made for one Express app, so that every request
// object starts out with the shape Express gives it and V8 can share that shape between requests.
//
// Why (docs/decisions/044-requests-built-with-the-apps-prototypes.md): Express hands each
// request to the app by `Object.setPrototypeOf(req, app.request)` (and the same for `res`). After an
// object's prototype is changed that way, V8 gives each property added to it later a map (hidden
// class) of its own, so every request's `req.id`, `req.session`, `req.user`, `req.route`… and every
// `res.locals`, `res.end` wrapper… made new maps, and the code reading them met a different shape
// every time (seen with `%HaveSameMap` on two requests: never the same; `server/lib/request-classes.test.ts`).
// Node lets a server build its requests and responses from classes of our choosing (the
// `IncomingMessage` and `ServerResponse` options of `http.createServer`, documented). These two are
// subclasses of Node's whose prototypes hold what `app.request` / `app.response` held (the same
// properties, the same chain: Express's request and response methods, then Node's); the app then
// uses them as its `request` / `response`, so `setPrototypeOf` finds the prototype already in place
// and changes nothing, and the shapes are shared.
//
// What it relies on: that Express sets each request's prototype from `app.request` / `app.response`
// (Express 4 and 5 do). Were that to change, requests would only lose the speed-up: both objects
// keep every property Express put on them. `STABLE_REQUEST_SHAPES=off` leaves Express's own objects
// in place (`npm run bench -- --ab stable-shapes` measures the difference).
import http from "node:http";
import type { Express } from "express";

export type RequestClasses = Pick<http.ServerOptions, "IncomingMessage" | "ServerResponse">;

/**
 * Request and response classes for `http.createServer(classes, app)` whose instances already have
 * `app.request` / `app.response` as their prototype. Call once per app, before it serves.
 */
export function requestClassesFor(app: Express): RequestClasses {
  class AppRequest extends http.IncomingMessage {}
  class AppResponse<Request extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<Request> {}
  app.request = adopt(AppRequest.prototype, app.request) as Express["request"];
  app.response = adopt(AppResponse.prototype, app.response) as Express["response"];
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse };
}

/** Gives `target` (a class's prototype) the own properties and the prototype chain of `current`. */
function adopt(target: object, current: object): object {
  Object.setPrototypeOf(target, Object.getPrototypeOf(current) as object | null);
  Object.defineProperties(target, Object.getOwnPropertyDescriptors(current));
  return target;
}
