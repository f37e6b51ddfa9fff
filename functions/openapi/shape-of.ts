import type { JSONParsed } from 'hono/utils/types';
import type * as v from 'valibot';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A documented response schema tied to the type the route really answers with: `shapeOf<T>()(schema)`
 * compiles only when the schema's output is `T` as JSON carries it (a Date becomes a string), so the
 * reference cannot drift from the code: typecheck fails instead. `T` is usually
 * `Awaited<ReturnType<typeof theService>>`.
 */
export const shapeOf =
  <T>() =>
  <S extends v.GenericSchema>(schema: Same<v.InferOutput<S>, JSONParsed<T>> extends true ? S : never): S =>
    schema as S;
