import {
  useForm,
  type FieldValues,
  type Resolver,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { isApiError } from '../platform/api-error';
import type { Language } from '@tdk/api/contract';
import { useLanguage } from '@tdk/shared-ui';
import { validationTextIn, type ValidationText } from './validation-text';

/**
 * react-hook-form driven by one of the contract's zod schemas: the form checks, before sending,
 * with the very rules and messages the API applies. Errors show after the first submit and then
 * follow every keystroke, so editing a field clears its error (server errors included).
 *
 *   const form = useSchemaForm(createStaffSchema, { defaultValues: EMPTY });
 *   <form onSubmit={form.handleSubmit((input) => save.mutateAsync(input).catch(...))}>
 *     <Field label="Email" error={form.formState.errors.email?.message}><Input {...form.register('email')} /></Field>
 */
export function useSchemaForm<Schema extends z.$ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useLazySchemaForm(async () => schema, options);
}

/**
 * The zod resolver, fetched with the schema and the language's validation messages on the first
 * validation: a page can hold its form from the first render without zod or them in its first load
 * (decision 016).
 */
function schemaResolver<Values extends FieldValues, Output>(
  load: () => Promise<z.$ZodType>,
  language: Language,
): Resolver<Values, unknown, Output> {
  return async (values, context, options) => {
    const [schema, { zodResolver }, text] = await Promise.all([
      load(),
      import('@hookform/resolvers/zod'),
      validationTextIn(language),
    ]);
    const result = await (zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>)(values, context, options);
    return { ...result, errors: inWords(result.errors, text) } as typeof result;
  };
}

/** The resolver's errors with each message (a contract key) in the page's language. */
function inWords<T>(errors: T, text: ValidationText): T {
  if (!errors || typeof errors !== 'object') return errors;
  const out: Record<string, unknown> = Array.isArray(errors) ? ([] as never) : {};
  for (const [name, value] of Object.entries(errors as Record<string, unknown>)) {
    if (name === 'ref') out[name] = value;
    else if (name === 'message' && typeof value === 'string') out[name] = text(value);
    else out[name] = inWords(value, text);
  }
  return out as T;
}

/**
 * useSchemaForm with a schema loaded when the form first validates (a submit), for a form on a
 * page whose first screen must not wait for zod:
 *
 *   useLazySchemaForm(() => import('@tdk/api/contract/registration').then((m) => m.registrationFormSchema), { defaultValues })
 */
export function useLazySchemaForm<Schema extends z.$ZodType<FieldValues, FieldValues>>(
  load: () => Promise<Schema>,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  const { language } = useLanguage();
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: schemaResolver(load, language),
  });
}

/**
 * Puts a 400 answer's `fields` on the matching inputs (`setError`, type 'server'), focusing the
 * first. Returns true when at least one field took a message; false means the caller still has
 * to show the error some other way (a toast, an alert). `fieldNames` limits it to the form's own
 * inputs, so a message for a field the form does not have is never swallowed.
 */
export function applyServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fieldNames?: readonly Path<Values>[],
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let applied = false;
  for (const [name, message] of Object.entries(error.fields)) {
    if (fieldNames && !fieldNames.includes(name as Path<Values>)) continue;
    setError(name as Path<Values>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
