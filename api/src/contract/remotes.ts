// The remote registry's entries (GET /remotes.json, DESIGN.md section 2). Written with zod/mini
// because the shell parses the registry before anything is drawn, and the whole of zod would
// weigh on every first load (docs/decisions/005).
import * as z from 'zod/mini';
import { ROLES } from './constants';

const text = (message: string) => z.string({ error: message }).check(z.minLength(1, message));

export const navItemSchema = z.object({
  label: text('A nav item needs a label'),
  path: z.string({ error: 'A nav item needs a path' }).check(z.startsWith('/', 'A nav path starts with /')),
  icon: text('A nav item needs an icon'),
  minRole: z.enum(ROLES, { error: `minRole must be one of ${ROLES.join(', ')}` }),
  order: z.optional(z.number({ error: 'order must be a number' })),
});

/** One entry of GET /remotes.json; `entry` is the URL (absolute or root-relative) of mf-manifest.json. */
export const remoteEntrySchema = z.object({
  name: z
    .string({ error: 'A remote needs a name' })
    .check(z.regex(/^[a-z][a-z0-9-]*$/, 'Remote names are lower-case letters, digits and hyphens')),
  entry: text('A remote needs an entry URL'),
  basePath: z.string({ error: 'A remote needs a basePath' }).check(z.startsWith('/', 'A basePath starts with /')),
  nav: z.array(navItemSchema),
});

export const remoteRegistrySchema = z.array(remoteEntrySchema);

/** Where a registry answer is wrong, as one readable line: `1.basePath: A basePath starts with /`. */
export function describeRegistryProblem(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid registry';
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'top level';
  return `${where}: ${issue.message}`;
}
