import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { headers: Record<string, HeaderObject> };
};
type HeaderObject = { required?: boolean; schema: object };
type ResponseObject = {
  headers?: Record<string, HeaderObject | { $ref: string }>;
  content?: { 'application/json': { schema: object } };
};

/**
 * Checks responses against the OpenAPI document the server itself serves: the status is declared for the
 * operation, the body matches its schema and every required header is present and valid.
 */
export async function loadSpecChecker(baseUrl: string) {
  const doc = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as Doc;
  const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false, allErrors: true });
  (addFormats as unknown as typeof addFormats.default)(ajv);
  const templates = Object.keys(doc.paths).map((t) => ({
    template: t,
    re: new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));

  return function check(
    method: string,
    url: string,
    status: number,
    headers: Headers,
    body: unknown,
  ): string[] {
    const path = new URL(url, baseUrl).pathname.replace(/^\/api\/v1/, '');
    const match = templates.find((t) => t.re.test(path));
    if (!match) return [`${method} ${path}: no such path in the document`];
    const op = doc.paths[match.template]?.[method.toLowerCase()];
    if (!op) return [`${method} ${match.template}: no such operation`];
    const response = op.responses[String(status)];
    if (!response) return [`${method} ${match.template}: status ${status} is not declared`];
    const problems: string[] = [];
    const schema = response.content?.['application/json']?.schema;
    if (schema) {
      const validate = ajv.compile(schema);
      if (!validate(body)) problems.push(`${status} body: ${ajv.errorsText(validate.errors)}`);
    }
    for (const [name, h] of Object.entries(response.headers ?? {})) {
      const header = '$ref' in h ? doc.components.headers[h.$ref.split('/').pop()!]! : h;
      const value = headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`${status}: required header ${name} missing`);
        continue;
      }
      const typed = (header.schema as { type?: string }).type === 'integer' ? Number(value) : value;
      if (!ajv.validate(header.schema, typed))
        problems.push(`${status}: header ${name}=${value} does not match`);
    }
    return problems;
  };
}
