import type { Env, MiddlewareHandler, ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { validationError } from './errors';

/** The single zod bridge: a failure becomes the 400 error shape with `fields` (see errors.ts). */
export const validate = <T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) =>
  validator(target, (value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw validationError(result.error);
    return result.data as z.output<S>;
  });

/**
 * validate('query', schema) for a schema that transforms its strings (a number, a decoded cursor):
 * the typed client then sends what the query string holds (z.input, strings) while the route
 * reads what the schema makes of them (z.output). Hono would otherwise type the client's input
 * from the output.
 */
export const validateQuery = <S extends z.ZodType<unknown, Record<string, string | undefined>>>(schema: S) =>
  validate('query', schema) as unknown as MiddlewareHandler<
    Env,
    string,
    { in: { query: z.input<S> }; out: { query: z.output<S> } }
  >;
