/**
 * The currencies a tier or a donation may be priced in: Stripe's presentment currencies with the
 * exponent Stripe's API counts amounts in (2: cents; 0: zero-decimal such as JPY). Three-decimal
 * currencies (BHD, JOD, KWD, OMR, TND) and ISK (zero-decimal, sent as two) are left out. Amounts
 * are integers in minor units everywhere; a decimal is made from one by its digits, never by
 * floating-point arithmetic.
 */
const ZERO_DECIMAL = 'bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf';
const TWO_DECIMAL =
  'usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bmd bnd bob brl bsd bwp byn bzd cad cdf chf cny cop crc cve czk ' +
  'dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gtq gyd hkd hnl htg huf idr ils inr jmd kes kgs khr kyd kzt lak lbp lkr ' +
  'lrd lsl mad mdl mkd mmk mnt mop mur mvr mwk mxn myr mzn nad ngn nio nok npr nzd pab pen pgk php pkr pln qar ron rsd rub ' +
  'sar sbd scr sek sgd shp sle sos srd szl thb tjs top try ttd twd tzs uah uyu uzs wst xcd yer zar zmw';

/** Lower-case ISO 4217 code → the number of decimals of its minor unit. */
export const CURRENCIES: ReadonlyMap<string, 0 | 2> = new Map<string, 0 | 2>([
  ...ZERO_DECIMAL.split(' ').map((code) => [code, 0] as const),
  ...TWO_DECIMAL.split(' ').map((code) => [code, 2] as const),
]);

export function isCurrency(code: string): boolean {
  return CURRENCIES.has(code);
}

function exponentOf(currency: string): number {
  const exponent = CURRENCIES.get(currency.toLowerCase());
  if (exponent === undefined) throw new RangeError(`not a supported currency: ${currency}`);
  return exponent;
}

/** The amount as a decimal text (`1234` EUR → "12.34", `500` JPY → "500"), made from the digits. */
export function majorAmountText(minor: number | bigint, currency: string): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
  const exponent = exponentOf(currency);
  const digits = (minor < 0 ? -BigInt(minor) : BigInt(minor)).toString();
  const sign = minor < 0 ? '-' : '';
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

/** The amount in major units as the contract's decimal number (`donation.amount`): the nearest number to its decimal text. */
export function majorAmount(minor: number | bigint, currency: string): number {
  return Number(majorAmountText(minor, currency));
}

/** The amount for people, in their language (`Intl`; formatted from the decimal text, not a float). */
export function formatMoney(minor: number | bigint, currency: string, lang: string): string {
  const exponent = exponentOf(currency);
  const format = new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  // Intl formats a decimal string exactly (ECMA-402 "Intl.NumberFormat v3").
  return format.format(majorAmountText(minor, currency) as unknown as number);
}

/** The operator's fee on `amountMinor`: floor(amount × basis points / 10000), in integers. */
export function feeMinor(amountMinor: number, feeBasisPoints: number): number {
  return Number((BigInt(amountMinor) * BigInt(feeBasisPoints)) / 10_000n);
}
