// Services throw these; one handler (error-handler.ts) turns them into HTTP responses.
// `detail` is a sentence for plain errors, or an object with a `code` where a client must branch on it.

export type ErrorDetail = string | ({ code: string; message: string } & Record<string, unknown>);

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: ErrorDetail,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(detail: ErrorDetail) {
    super(400, detail);
  }
}

export class UnauthorizedError extends AppError {
  constructor(detail: ErrorDetail = 'Not authenticated') {
    super(401, detail, { 'www-authenticate': 'Bearer' });
  }
}

export class ForbiddenError extends AppError {
  constructor(detail: ErrorDetail = 'Not enough permissions') {
    super(403, detail);
  }
}

export class NotFoundError extends AppError {
  constructor(what: string) {
    super(404, `${what} not found`);
  }
}

export class ConflictError extends AppError {
  constructor(detail: ErrorDetail) {
    super(409, detail);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(detail: ErrorDetail, retryAfterSeconds: number) {
    super(429, detail, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** A rule that a schema cannot express (e.g. "password must not contain the username"): same 422 shape. */
export class FieldValidationError extends AppError {
  constructor(loc: (string | number)[], msg: string, type = 'value_error') {
    super(422, msg);
    this.issues = [{ loc, msg, type }];
  }
  readonly issues: ValidationIssue[];
}

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}
