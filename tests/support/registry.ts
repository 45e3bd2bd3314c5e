import { writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The live registry override the server re-reads on every GET /remotes.json. */
const remotesFile = () => path.join(process.env.TDK_TEST_DATA_DIR!, 'remotes.override.json');

export function pointRemote(name: string, entry: string) {
  writeFileSync(remotesFile(), JSON.stringify({ [name]: entry }));
}

export function resetRegistry() {
  rmSync(remotesFile(), { force: true });
}
