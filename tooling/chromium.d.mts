export const CHROMIUM: string;
export const CHROMIUM_FLAGS: string[];
export function ensureChromium(): void;
export function run(command: string, args: string[]): void;
