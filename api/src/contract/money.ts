// Money is integer paise everywhere except in JSON, which shows rupees (DESIGN.md section 4).
export const toRupees = (paise: number): number => paise / 100;

/** Rupees from a form (step 0.01) to paise; rounding absorbs binary fractions such as 19.99 * 100. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
