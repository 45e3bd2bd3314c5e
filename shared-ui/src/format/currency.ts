// Rupee formatting with Indian digit grouping (1,25,000), done by hand rather than through
// Intl.NumberFormat('en-IN') so the output is identical in Node, every browser and small-ICU
// builds that silently fall back to Western grouping.

type Amount = number | string | null | undefined;

function toNumber(value: Amount): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    value = Number(value);
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Groups a string of digits the Indian way: the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${tail}`;
}

function formatGrouped(value: number, fractionDigits: 0 | 2): string {
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(fractionDigits);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = groupIndian(whole) + (fraction ? `.${fraction}` : '');
  return negative && Number(fixed) !== 0 ? `-${grouped}` : grouped;
}

/**
 * `125000` → '₹1,25,000'; `1234.5` → '₹1,234.50'. Whole rupees show no paise; anything else is
 * rounded to paise and shows two decimals. Null, empty or non-numeric input gives ''.
 */
export function formatRupees(amount: Amount): string {
  const value = toNumber(amount);
  if (value === null) return '';
  const paise = Math.round(value * 100);
  const whole = paise % 100 === 0;
  const text = formatGrouped(paise / 100, whole ? 0 : 2);
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** Plain number with Indian grouping: `1250000` → '12,50,000'. At most `maxDecimals` decimals. */
export function formatNumber(value: Amount, maxDecimals = 0): string {
  const n = toNumber(value);
  if (n === null) return '';
  const factor = 10 ** Math.max(0, Math.min(maxDecimals, 6));
  const rounded = Math.round(n * factor) / factor;
  const [whole = '0', fraction] = Math.abs(rounded).toString().split('.');
  const body = groupIndian(whole) + (fraction ? `.${fraction}` : '');
  return rounded < 0 ? `-${body}` : body;
}

/** A price as shown on a ticket or detail dialog: 0 → 'Free', else rupees. */
export function formatPrice(amount: Amount): string {
  const value = toNumber(amount);
  if (value === null) return '';
  return value === 0 ? 'Free' : formatRupees(value);
}

/** The event-card price of SPEC.md section 2: 'Free' for 0, otherwise '₹499 onwards'. */
export function formatStartingPrice(amount: Amount): string {
  const value = toNumber(amount);
  if (value === null) return '';
  return value === 0 ? 'Free' : `${formatRupees(value)} onwards`;
}

/**
 * Dashboard-style short amounts in Indian units: '₹950', '₹12.5K', '₹4.2L' (lakh), '₹1.3Cr' (crore).
 */
export function formatCompactRupees(amount: Amount): string {
  const value = toNumber(amount);
  if (value === null) return '';
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const units: [number, string][] = [
    [1e7, 'Cr'],
    [1e5, 'L'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    const scaled = Math.round((abs / size) * 10) / 10;
    // Rounding may carry into the next unit (99,999 reads '₹1L', not '₹100K'); below a thousand
    // the exact amount is short enough already.
    if (abs >= size || (size > 1e3 && scaled >= 1)) return `${sign}₹${formatNumber(scaled, 1)}${suffix}`;
  }
  return `${sign}${formatRupees(abs)}`;
}
