import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { isSessionOnly } from '../http/api-access';
import type { AppEnv } from '../http/env';
import { ERROR_STATUS } from '../http/error-status';
import { translate } from '../i18n/translate';
import type { ErrorCode } from '../shared/app-error';
import { API_TAGS } from './describe';
import { CURL_EXAMPLES } from './examples';
import { markForHonoOpenApi } from './hono-openapi-marks';
import { API_DESCRIPTION } from './overview';
import { operationPaths } from './route-paths';

type Operation = Record<string, unknown> & {
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};

/** The error body every refusal has (functions/http/on-error.ts), in the caller's language. */
const ERROR_BODY: OpenAPIV3_1.SchemaObject = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: {
      type: 'string',
      description: "What went wrong, in the account's (or Accept-Language) language.",
    },
    code: { type: 'string', description: 'A stable code to act on.' },
    fields: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: "A form's problems, field by field (422 validation_failed).",
    },
  },
};

const SECURITY_SCHEMES: Record<string, OpenAPIV3_1.SecuritySchemeObject> = {
  session: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token `POST /api/login` answers with: a signed-in person.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      "An API key made on the profile page (`bk_…`). It may call every signed-in route except the account's own guards.",
  },
};

/** The refusals of one status, each with its code and its message in English and Russian. */
function errorResponse(codes: ErrorCode[]) {
  const lines = codes.map((code) => `- \`${code}\`: ${translate(code, 'en')} / ${translate(code, 'ru')}`);
  return {
    description: lines.join('\n'),
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/Error' },
        examples: Object.fromEntries(
          codes.map((code) => [code, { value: { message: translate(code, 'en'), code } }]),
        ),
      },
    },
  };
}

/** The refusals an operation can answer with: its own plus those its kind of route always has. */
function operationErrors(operation: Operation, method: string, honoPath: string): ErrorCode[] {
  const codes = new Set<ErrorCode>((operation['x-errors'] as ErrorCode[] | undefined) ?? []);
  if (operation['x-signed-in']) {
    codes.add('unauthorized');
    if (isSessionOnly(method, honoPath)) {
      codes.add('session_required');
      codes.add('owner_only');
    }
  }
  if (operation.requestBody) codes.add('payload_too_large');
  if (operation.requestBody || operation.parameters?.some((parameter) => parameter.in === 'query'))
    codes.add('validation_failed');
  return [...codes];
}

/** Our conventions on top of what the generator read from the routes: auth, errors, examples. */
function finishOperation(operation: Operation, method: string, path: string, honoPath: string) {
  const signedIn = operation['x-signed-in'] === true;
  const sessionOnly = signedIn && isSessionOnly(method, honoPath);
  operation.security = !signedIn ? [] : sessionOnly ? [{ session: [] }] : [{ session: [] }, { apiKey: [] }];
  operation['x-api-key'] = signedIn && !sessionOnly;
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of operationErrors(operation, method, honoPath)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of byStatus) operation.responses[String(status)] = errorResponse(codes);
  const samples = CURL_EXAMPLES.filter(
    (example) => example.method === method.toUpperCase() && example.path === path,
  );
  if (samples.length > 0)
    operation['x-codeSamples'] = samples.map(({ label, source }) => ({ lang: 'shell', label, source }));
  delete operation['x-errors'];
  delete operation['x-signed-in'];
}

/**
 * hono-openapi lifts a schema's definitions (a `v.lazy` body's) into `components.schemas` but leaves
 * the references at `#/$defs/…`; they are pointed where the definitions went.
 */
function pointDefsAtComponents(node: unknown): void {
  if (Array.isArray(node)) node.forEach(pointDefsAtComponents);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string' && record.$ref.startsWith('#/$defs/'))
      record.$ref = record.$ref.replace('#/$defs/', '#/components/schemas/');
    Object.values(record).forEach(pointDefsAtComponents);
  }
}

/**
 * The OpenAPI 3.1 document of the API (issue #27 §1), generated from the routes themselves: their
 * `describe` markers, the valibot schemas their validators check, and SESSION_ONLY_ROUTES.
 */
export async function openApiDocument(app: Hono<AppEnv>) {
  markForHonoOpenApi(app);
  const document = await generateSpecs(app, {
    documentation: {
      info: { title: 'Botbuilder API', version: '1', description: API_DESCRIPTION },
      tags: API_TAGS.map((name) => ({ name })),
      components: { securitySchemes: SECURITY_SCHEMES, schemas: { Error: ERROR_BODY } },
    },
    defaultValidationErrorResponse: false,
    excludeStaticFile: false,
  });
  const honoPaths = operationPaths(app);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      finishOperation(operation, method, path, honoPaths.get(`${method.toUpperCase()} ${path}`) ?? path);
    }
  }
  pointDefsAtComponents(document.paths);
  return document;
}
