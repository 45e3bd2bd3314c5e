// The runtime registry behind GET /remotes.json (DESIGN.md section 2). Precedence, highest first:
// the REMOTES_FILE registry (re-read on every call, so a redeploy needs no restart), then
// REMOTE_<NAME>_URL, then each remote's local build under /remotes/<name>/.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseRemoteEntry, type RemoteEntry } from '../contract';

const localEntry = (name: string) => `/remotes/${name}/mf-manifest.json`;

const DEFAULT_REMOTES: readonly RemoteEntry[] = [
  { name: 'storefront', entry: localEntry('storefront'), basePath: '/', nav: [] },
  {
    name: 'admin-insights',
    entry: localEntry('admin-insights'),
    basePath: '/admin',
    nav: [
      { label: 'Dashboard', path: '/admin', icon: 'layout-dashboard', minRole: 'support', order: 10 },
      { label: 'Users', path: '/admin/users', icon: 'users', minRole: 'admin', order: 50 },
      { label: 'Analytics', path: '/admin/analytics', icon: 'bar-chart', minRole: 'manager', order: 60 },
      { label: 'Settings', path: '/admin/settings', icon: 'settings', minRole: 'admin', order: 70 },
    ],
  },
  {
    name: 'admin-events',
    entry: localEntry('admin-events'),
    basePath: '/admin/events',
    nav: [{ label: 'Events', path: '/admin/events', icon: 'calendar', minRole: 'support', order: 20 }],
  },
  {
    name: 'admin-tickets',
    entry: localEntry('admin-tickets'),
    basePath: '/admin/tickets',
    nav: [{ label: 'Tickets', path: '/admin/tickets', icon: 'ticket', minRole: 'support', order: 30 }],
  },
  {
    name: 'admin-registrations',
    entry: localEntry('admin-registrations'),
    basePath: '/admin/registrations',
    nav: [
      { label: 'Registrations', path: '/admin/registrations', icon: 'clipboard-list', minRole: 'support', order: 40 },
      { label: 'Gate Check-in', path: '/admin/registrations/check-in', icon: 'scan', minRole: 'coordinator', order: 45 },
      { label: 'Invoices', path: '/admin/registrations/invoices', icon: 'file-text', minRole: 'manager', order: 47 },
    ],
  },
  {
    // The platform staff's own section (decision 052): organisations and the review queue.
    name: 'admin-platform',
    entry: localEntry('admin-platform'),
    basePath: '/admin/platform',
    nav: [
      {
        label: 'Platform',
        path: '/admin/platform',
        icon: 'building',
        minRole: 'support',
        order: 80,
        platformRoles: ['platform_admin', 'platform_support'],
      },
    ],
  },
];

/**
 * `{ "<name>": "<entry url>" }`, or entries merged by name (a complete one may add a remote). Each
 * merged entry is then checked with the contract's parser, the very one the shell uses.
 */
const registryFileSchema = z.union([
  z.record(z.string(), z.string().min(1)),
  z.array(z.looseObject({ name: z.string({ error: 'A remote needs a name' }).min(1, 'A remote needs a name') })),
]);

export interface RemoteRegistryOptions {
  /** REMOTE_<NAME>_URL values by remote name. */
  remoteUrls?: Record<string, string>;
  remotesFile?: string;
  log?: (message: string) => void;
}

export function createRemoteRegistry({ remoteUrls = {}, remotesFile, log = console.warn }: RemoteRegistryOptions) {
  // Logged once per distinct set of problems, not once per request while the file stays wrong.
  let lastReport = '';
  function flush(problems: string[]) {
    const report = problems.join('; ');
    if (report && report !== lastReport) log(`[remotes] ${report}`);
    lastReport = report;
  }

  /** REMOTES_FILE's text; undefined without one (no file is the normal state between overrides). */
  function readRegistryText(report: (problem: string) => void): string | undefined {
    if (!remotesFile) return undefined;
    try {
      return readFileSync(remotesFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        report(`cannot read REMOTES_FILE ${remotesFile} (${(error as Error).message}); using the environment and defaults`);
      }
      return undefined;
    }
  }

  function parseRegistryFile(text: string, report: (problem: string) => void): z.infer<typeof registryFileSchema> | undefined {
    let parsed: z.ZodSafeParseResult<z.infer<typeof registryFileSchema>>;
    try {
      parsed = registryFileSchema.safeParse(JSON.parse(text));
    } catch (error) {
      report(`cannot read REMOTES_FILE ${remotesFile} (${(error as Error).message}); using the environment and defaults`);
      return undefined;
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      report(
        `REMOTES_FILE ${remotesFile} is invalid at ${issue.path.join('.') || 'top level'} (${issue.message}); ` +
          'using the environment and defaults',
      );
      return undefined;
    }
    return parsed.data;
  }

  // The list as last built, with the file's text it was built from: a page visit asks for it
  // several times (its headers, the page, the answers inside it), and the file rarely changes.
  let built: { text: string | undefined; remotes: RemoteEntry[] } | undefined;

  function build(text: string | undefined, problems: string[]): RemoteEntry[] {
    const remotes = DEFAULT_REMOTES.map((r) => ({
      ...r,
      entry: remoteUrls[r.name] ?? r.entry,
      nav: r.nav.map((item) => ({ ...item })),
    }));
    const file = text === undefined ? undefined : parseRegistryFile(text, (problem) => problems.push(problem));
    if (!file) return remotes;

    const byName = new Map(remotes.map((r) => [r.name, r]));
    if (Array.isArray(file)) {
      for (const patch of file) {
        const current = byName.get(patch.name);
        const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
        const merged = parseRemoteEntry({ nav: [], ...current, ...defined });
        if (!merged.success) {
          problems.push(
            current
              ? `REMOTES_FILE entry for '${patch.name}' is invalid (${merged.problem}); ignored`
              : `REMOTES_FILE adds remote '${patch.name}' without a valid entry and basePath (${merged.problem}); ignored`,
          );
          continue;
        }
        if (current) {
          Object.assign(current, merged.data);
        } else {
          remotes.push(merged.data);
          byName.set(merged.data.name, merged.data);
        }
      }
    } else {
      for (const [name, entry] of Object.entries(file)) {
        const current = byName.get(name);
        if (current) current.entry = entry;
        else problems.push(`REMOTES_FILE names unknown remote '${name}' (use the array form to add one); ignored`);
      }
    }
    return remotes;
  }

  return {
    /**
     * The remotes as the shell should load them right now: the same list (the same array) until
     * REMOTES_FILE's text changes. Callers read it; none may change it.
     */
    list(): RemoteEntry[] {
      const problems: string[] = [];
      const text = readRegistryText((problem) => problems.push(problem));
      if (!built || built.text !== text) built = { text, remotes: build(text, problems) };
      flush(problems);
      return built.remotes;
    },
  };
}

export type RemoteRegistry = ReturnType<typeof createRemoteRegistry>;
