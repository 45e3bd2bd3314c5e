/** What the function needs of a contract schema (a zod schema has it). */
interface Schema {
  safeParse(
    input: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A dialog's messages per field, from the contract's schema (the server judges the same rules): the
 * first message of each top-level field, none when the input is valid.
 */
export function fieldProblems(schema: Schema, input: unknown): Record<string, string> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
  return problems;
}
