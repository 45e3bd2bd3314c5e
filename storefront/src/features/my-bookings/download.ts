// The buyer's copy of their data (decision 030) saved as a file by the browser.
import { saveFile } from '../shared/save-file';

/** 'my-data-2026-11-24.json', from when the copy was made. */
export const myDataFileName = (exportedAt: string) => `my-data-${exportedAt.slice(0, 10)}.json`;

/** Saves `data` as a JSON file named `name` through a temporary link. */
export function downloadJson(data: unknown, name: string): void {
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), name);
}
