import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { ERROR_STATUS, ErrorBody, type ErrorCode } from '../contract/errors.ts';

export const API_PREFIX = '/api/v1';
/** The encodings answers are compressed with, in order of preference: the app's compression and this document. */
export const RESPONSE_ENCODINGS = ['zstd', 'br', 'gzip', 'deflate'] as const;

const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  invalid_request:
    'A query parameter the operation does not take, given twice, or with a value the API cannot read; the ' +
    'message names the parameter and the allowed ones or values.',
  unauthorized: 'Missing, unknown or revoked API key.',
  forbidden: 'A valid key of the wrong kind (a tool key `sbk_…` on the REST API).',
  not_found: 'No such project on this account.',
  rate_limited: 'The key has used its daily request allowance; see Retry-After.',
  internal_error: 'An unexpected failure; nothing internal is revealed.',
};

/**
 * The error responses of an operation, from the one code list, so the document cannot drift. Every operation
 * can answer invalid_request: a query parameter it does not take is refused (ADR 0095).
 */
export function errorResponses(...codes: Exclude<ErrorCode, 'invalid_request'>[]) {
  const all: ErrorCode[] = [
    'invalid_request',
    'unauthorized',
    'forbidden',
    'rate_limited',
    'internal_error',
    ...codes,
  ];
  return {
    ...Object.fromEntries(
      all.map((code) => [ERROR_STATUS[code], { ...ErrorBody, description: ERROR_DESCRIPTIONS[code] }]),
    ),
    503: {
      ...ErrorBody,
      description:
        'The database is unreachable for a moment (code internal_error); retry after a second. Nothing was changed.',
    },
  };
}

const HEADERS = {
  'X-Request-Cost-Usd': {
    description: 'What this request cost the caller: always 0, reading the API is free.',
    required: true,
    schema: { type: 'string', const: '0' },
  },
  'RateLimit-Policy': {
    description:
      'IETF RateLimit policy of the key\'s daily allowance, e.g. `"daily";q=1000;w=86400`. Absent when the key has no allowance (self-hosted).',
    schema: { type: 'string' },
  },
  RateLimit: {
    description:
      'Requests remaining today and seconds until the reset at 00:00 UTC, e.g. `"daily";r=17;t=3600`.',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Whole seconds until the daily counter resets at 00:00 UTC.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
};

type OpenApiDoc = {
  paths?: Record<
    string,
    Record<string, { responses?: Record<string, { headers?: Record<string, unknown> }> }>
  >;
  components?: Record<string, unknown>;
};

/** Adds the headers every REST response carries, as references to one definition each. */
function addResponseHeaders(doc: OpenApiDoc): OpenApiDoc {
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  for (const path of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(path)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        response.headers = { 'X-Request-Cost-Usd': ref('X-Request-Cost-Usd') };
        if (status !== '401' && status !== '403') {
          response.headers['RateLimit-Policy'] = ref('RateLimit-Policy');
          response.headers.RateLimit = ref('RateLimit');
        }
        if (status === '429') response.headers['Retry-After'] = ref('Retry-After');
      }
    }
  }
  doc.components = { ...doc.components, headers: HEADERS };
  return doc;
}

export function swaggerOptions(publicBaseUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lead Intelligence REST API',
        version: '1.0.0',
        description:
          'Read-only access to scored buyer-intent leads found in Reddit posts and comments. ' +
          'Every response carries `X-Request-Cost-Usd: 0`. Keys start with `rl_sk_` and are sent as ' +
          '`Authorization: Bearer <key>` (a 401 carries `WWW-Authenticate: Bearer`); tool-endpoint keys (`sbk_`) get 403. ' +
          'A query parameter an operation does not take is 400 `invalid_request` naming the allowed ones. ' +
          'Every operation is a GET (HEAD also answers); any other method on a path is 405 with an `Allow` header ' +
          'and the Error body with code `invalid_request`. Answers over 1 KB are compressed when the request ' +
          `sends \`Accept-Encoding\` (${RESPONSE_ENCODINGS.join(', ')}).`,
      },
      servers: [{ url: `${publicBaseUrl}${API_PREFIX}` }, { url: API_PREFIX }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A REST key: rl_sk_…' } },
      },
      security: [{ bearer: [] }],
      tags: [
        { name: 'account', description: 'The account behind the key' },
        { name: 'projects', description: 'Product profiles and their leads' },
        { name: 'insights', description: 'SEO opportunities, pain themes and usage' },
      ],
    },
    transform: ({ schema, url }) => ({
      schema: schema as never,
      url: url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) || '/' : url,
    }),
    transformObject: (documentObject) => {
      const doc = ('openapiObject' in documentObject ? documentObject.openapiObject : {}) as OpenApiDoc;
      return addResponseHeaders(doc) as never;
    },
  };
}
