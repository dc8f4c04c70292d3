import { type Static, Type } from 'typebox';
import { StringEnum } from './schemas.ts';

/** The one error vocabulary of every surface; the HTTP status of each code lives here and nowhere else. */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.headers = headers;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** One invalid field of a request body, in words a person reads; the dashboard shows it beside the field. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * Every problem of a body at once: invalid fields (invalid_request), or what a plan refuses (forbidden). The message
 * lists them as `field: sentence` (just the sentence when it concerns no one field).
 */
export class InvalidFields extends AppError {
  readonly fields: FieldProblem[];
  constructor(fields: FieldProblem[], code: ErrorCode = 'invalid_request') {
    super(code, fields.map((f) => (f.field ? `${f.field}: ${f.message}` : f.message)).join(' '));
    this.fields = fields;
  }
}

export const notFound = (what = 'project') => new AppError('not_found', `No such ${what} on this account.`);

/** The one Error shape; `fields` only on a dashboard body check (each invalid field with its own sentence). */
export function errorBody(code: ErrorCode, message: string, fields?: FieldProblem[]) {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: StringEnum(ERROR_CODES),
      message: Type.String(),
    }),
  },
  { description: 'Error' },
);
export type ErrorBody = Static<typeof ErrorBody>;

export const UNAVAILABLE_MESSAGE =
  'The service cannot reach its database right now; please retry in a moment.';
