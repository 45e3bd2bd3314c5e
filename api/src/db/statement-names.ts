// Named statements for node-postgres: a query sent with a name is parsed and planned once per
// connection and then only bound and run (PostgreSQL may also keep a generic plan after five runs).
// The API's statements are a few hundred fixed texts, so each text this process sends gets a name,
// up to a limit: past it (texts that vary, such as an IN list of every length) a text is sent
// unnamed and parsed each time, so that no connection holds more than `limit` prepared statements.

/** Distinct texts one process names, and so the most one connection keeps prepared. */
export const PREPARED_TEXTS = 1_000;

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

/** Returns a function that gives a query config its text's name (the same text, the same name). */
export function statementNamer(limit: number) {
  const names = new Map<string, string>();
  return function named<T>(config: T): T {
    if (typeof config !== 'object' || config === null) return config;
    const query = config as QueryConfig;
    // A plain string, a config already named, or a Query object (it sends itself): left as they are.
    if (typeof query.text !== 'string' || query.name !== undefined || typeof query.submit === 'function') return config;
    let name = names.get(query.text);
    if (name === undefined) {
      if (names.size >= limit) return config;
      name = `tdk_${names.size + 1}`;
      names.set(query.text, name);
    }
    return { ...query, name } as T;
  };
}
