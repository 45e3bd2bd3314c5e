// GST (issue 25, decision 031): the Indian states with their GST codes, the rates a ticket type may
// carry, the recognised-sporting-event exemption, GSTIN validation (format and check digit), and the
// tax inside a GST-inclusive amount. One set of rules for the forms, create-order, the quote, the
// invoice and the e-mails.

/** GST state codes (the first two digits of a GSTIN), as the GST portal lists them. */
export const INDIAN_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh', unionTerritory: true },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', unionTerritory: true },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep', unionTerritory: true },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands', unionTerritory: true },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh', unionTerritory: true },
] as const satisfies readonly { code: string; name: string; unionTerritory?: boolean }[];

export type StateCode = (typeof INDIAN_STATES)[number]['code'];
export const STATE_CODES = INDIAN_STATES.map((s) => s.code) as [StateCode, ...StateCode[]];

export const isStateCode = (code: unknown): code is StateCode =>
  typeof code === 'string' && STATE_CODES.includes(code as StateCode);

export const stateName = (code: string | null | undefined): string => INDIAN_STATES.find((s) => s.code === code)?.name ?? '';

/**
 * A supply inside a union territory without a legislature pays UTGST in place of SGST (UTGST Act
 * 2017): the invoice names it so. The amount is the same half of the tax.
 */
export const localTaxLabel = (stateCode: string | null | undefined): 'SGST' | 'UTGST' =>
  INDIAN_STATES.some((s) => s.code === stateCode && 'unionTerritory' in s && s.unionTerritory) ? 'UTGST' : 'SGST';

/** The GST rates a ticket type may carry, in percent (admission to sporting events: 18 % unless exempt). */
export const GST_RATES = [0, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];
export const DEFAULT_GST_RATE: GstRate = 18;

/**
 * Notification 12/2017-Central Tax (Rate), entry 81: admission to a recognised sporting event is
 * exempt where the consideration is at most ₹500 per person.
 */
export const SPORTING_EVENT_EXEMPTION_PAISE = 50_000;

/** SAC 9996: recreational, cultural and sporting services (admission to sporting events: 999692). */
export const TICKET_SAC = '9996';

const GSTIN_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 2-digit state, a PAN (5 letters, 4 digits, a letter), the entity number, 'Z' by default, the check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$/;

/** The GSTIN check character: the Luhn mod 36 algorithm over its first 14 characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARSET.indexOf(first14[i]!);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARSET[(36 - (sum % 36)) % 36]!;
}

/** What is wrong with a GSTIN (already upper-cased and trimmed), or null when it is valid. */
export function gstinProblem(gstin: string): 'format' | 'state' | 'checkDigit' | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'format';
  if (!isStateCode(gstin.slice(0, 2)) && gstin.slice(0, 2) !== '97') return 'state';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'checkDigit';
  return null;
}

/** The state a GSTIN is registered in. */
export const gstinState = (gstin: string): string => gstin.slice(0, 2);

/** How an order is taxed: no GSTIN (no GST), CGST + SGST within the state, IGST across states. */
export type TaxMode = 'none' | 'intra' | 'inter';

export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * The tax inside a GST-inclusive amount: taxable value = amount × 100 / (100 + rate), to the
 * nearest paisa; the tax is the rest, so taxable value and tax always add up to the amount paid.
 * Within the state CGST and SGST are equal halves (issue 40): each is half the rate on that one
 * taxable value, rounded once, and the taxable value absorbs the rounding (it is the amount less
 * both halves), so an odd paisa never makes CGST and SGST differ.
 */
export function splitTax(netPaise: number, rate: number, mode: TaxMode): TaxSplit {
  if (mode === 'none' || rate === 0) return { taxablePaise: netPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  const taxable = Math.round((netPaise * 100) / (100 + rate));
  if (mode === 'inter') return { taxablePaise: taxable, cgstPaise: 0, sgstPaise: 0, igstPaise: netPaise - taxable };
  const half = Math.round((taxable * rate) / 200);
  return { taxablePaise: netPaise - 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
}

/**
 * The tax inside part of an attendee's payment (a refund's share): the same split at the rate they
 * were charged, so a credit note reverses exactly what the invoice charged when the whole is refunded.
 */
export const taxOfPart = (partPaise: number, gstRate: number, mode: TaxMode): TaxSplit => splitTax(partPaise, gstRate, mode);
