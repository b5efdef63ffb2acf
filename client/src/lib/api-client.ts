// The one fetch wrapper (docs/product.md, "API answers"). Every call sends the session cookie
// and JSON; every failure throws ApiError.
import type { ApiErrorBody } from "@shared/api";
import { ALREADY_DONE_CODE } from "@shared/constants";

export class ApiError extends Error {
  readonly status: number;
  readonly title?: string;
  readonly code?: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, message: string, extra: Partial<Omit<ApiErrorBody, "message" | "requestId">> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.title = extra.title;
    this.code = extra.code;
    this.fields = extra.fields;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { message?: unknown }).message === "string" &&
    (value as { message: string }).message.length > 0
  );
}

/** Turn a failed response into an ApiError: the server's {message,title,code,fields}, else 'HTTP {status}: {body}'. */
export async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isErrorBody(parsed)) {
        const fields =
          parsed.fields && typeof parsed.fields === "object" ? parsed.fields : undefined;
        return new ApiError(res.status, parsed.message, {
          title: typeof parsed.title === "string" ? parsed.title : undefined,
          code: typeof parsed.code === "string" ? parsed.code : undefined,
          fields,
        });
      }
    } catch {
      // not JSON: fall through to the plain form
    }
  }
  return new ApiError(res.status, `HTTP ${res.status}: ${text || res.statusText}`);
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function request<T>(
  method: Method,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const init: RequestInit = { method, credentials: "include", headers, signal: options.signal };
  if (method !== "GET") {
    // The server accepts application/json only on mutating routes; no payload → {}.
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body ?? {});
  }

  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, "Network error: the server could not be reached. Please try again.");
  }

  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  const type = res.headers.get("content-type") ?? "";
  if (!type.includes("json")) return text as T;
  return JSON.parse(text) as T;
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => request<T>("GET", url, undefined, options),
  post: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>("POST", url, body, options),
  put: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PUT", url, body, options),
  patch: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PATCH", url, body, options),
  delete: <T = unknown>(url: string, body?: unknown, options?: RequestOptions) =>
    request<T>("DELETE", url, body, options),
};

/** The message to show for any thrown value (ApiError message, else a fallback). */
export function errorMessage(err: unknown, fallback = "Something went wrong. Please try again."): string {
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/**
 * The request, where the server's "your side already did exactly this" refusal (code already_done: a
 * double click, a second tab) counts as done: resolves to null instead of failing.
 */
export async function orAlreadyDone<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (err) {
    if (err instanceof ApiError && err.code === ALREADY_DONE_CODE) return null;
    throw err;
  }
}
