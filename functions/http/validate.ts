import { validator } from 'hono/validator';
import * as v from 'valibot';
import type { MessageKey } from '../i18n/translate';
import { marked } from '../openapi/marker';
import { AppError } from '../shared/app-error';
import { issuesToFields } from '../shared/issues-to-fields';
import { checkJsonShape, type JsonShapeProblem } from './json-shape';

/** The validator carries its schema for the API reference, so the documented body or query is the one checked. */
const documented = <M extends object>(target: 'json' | 'query', schema: v.GenericSchema, middleware: M) =>
  marked(middleware, { kind: 'validator', target, schema });

const invalid = (fields: Record<string, MessageKey>) =>
  new AppError('validation_failed', 'validation_failed', { fields });

function shapeError(problem: JsonShapeProblem): AppError {
  if (problem.kind === 'too_deep') return new AppError('bad_request');
  return invalid({ [problem.path]: problem.kind === 'nul' ? 'invalid_value' : 'too_long' });
}

function parse<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw invalid(issuesToFields(result.issues));
  return result.output;
}

export interface JsonBodyOptions {
  /**
   * What U+0000 in the body does (Postgres cannot store it): refused as an invalid value by
   * default; stripped where the text is a customer's message that must not be lost.
   */
  nul?: 'refuse' | 'strip';
}

/**
 * JSON body validation: the body must be a JSON object of bounded depth and list sizes without
 * U+0000; a failure answers 422 with every field's message (400 for unreadable or absurdly nested
 * JSON), and nothing runs.
 */
export const jsonBody = <S extends v.GenericSchema>(schema: S, options: JsonBodyOptions = {}) =>
  documented(
    'json',
    schema,
    validator('json', (value): v.InferOutput<S> => {
      const shape = checkJsonShape(value, options.nul);
      if (!shape.ok) throw shapeError(shape.problem);
      const body = shape.value;
      // Every body of ours is an object; valibot's object schema would take an array for one.
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw invalid({ _: 'invalid_value' });
      return parse(schema, body);
    }),
  );

/** Query string validation, answered like a body's: 422 with every field's message. */
export const queryParams = <S extends v.GenericSchema>(schema: S) =>
  documented(
    'query',
    schema,
    validator('query', (value): v.InferOutput<S> => {
      const shape = checkJsonShape(value);
      if (!shape.ok) throw shapeError(shape.problem);
      return parse(schema, value);
    }),
  );
