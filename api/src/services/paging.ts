/** The page asked for, moved back to the last one when the list has become shorter. */
export const pageWithin = (total: number, page: number | undefined, pageSize: number) =>
  Math.min(page ?? 1, Math.max(1, Math.ceil(total / pageSize)));
