/**
 * Whether the home hero may play its video: never for a visitor who asked for less motion, nor on a
 * connection where they asked to save data (the still artwork is the same picture).
 */
export function heroVideoAllowed({ reducedMotion, saveData }: { reducedMotion: boolean; saveData: boolean }): boolean {
  return !reducedMotion && !saveData;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The browser's answers, read when asked (they can change while the page is open). */
export function browserMotionPreferences(): { reducedMotion: boolean; saveData: boolean } {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return {
    reducedMotion: typeof matchMedia === 'function' && matchMedia(REDUCED_MOTION).matches,
    saveData: connection?.saveData === true,
  };
}

export const reducedMotionQuery = () => (typeof matchMedia === 'function' ? matchMedia(REDUCED_MOTION) : null);
