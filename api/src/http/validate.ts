import type { ValidationTargets } from 'hono';
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
