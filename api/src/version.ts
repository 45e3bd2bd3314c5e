import { readFileSync } from 'node:fs';

/** The API package's version, as in api/package.json. */
export const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
