// One error type for every operational failure: its message and title reach the client verbatim.
export interface AppErrorOptions {
  title?: string;
  code?: string;
  fields?: Record<string, string>;
}

export class AppError extends Error {
  readonly status: number;
  readonly title: string | undefined;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.title = options.title;
    this.code = options.code ?? defaultCode(status);
    this.fields = options.fields;
  }

  toJSON() {
    return {
      message: this.message,
      ...(this.title ? { title: this.title } : {}),
      code: this.code,
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

function defaultCode(status: number): string {
  switch (status) {
    case 400:
      return "bad_request";
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 429:
      return "too_many_requests";
    default:
      return status >= 500 ? "internal" : "error";
  }
}

export const badRequest = (message: string, options?: AppErrorOptions) => new AppError(400, message, options);
export const unauthorized = (message = "Please sign in to continue.", options?: AppErrorOptions) =>
  new AppError(401, message, options);
export const forbidden = (message = "You do not have permission to do that.", options?: AppErrorOptions) =>
  new AppError(403, message, options);
export const notFound = (message = "Not found.", options?: AppErrorOptions) => new AppError(404, message, options);
export const conflict = (message: string, options?: AppErrorOptions) => new AppError(409, message, options);
