/** A save that would overwrite someone else's newer one (the form's `updatedAt` is out of date). */
export class StaleEditError extends Error {
  override name = 'StaleEditError';
  constructor(what: 'event' | 'ticket' | 'registration') {
    super(`Someone else saved this ${what} after you opened it. Close the form and open it again to see their changes.`);
  }
}
