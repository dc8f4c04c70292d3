/**
 * The highest daily spend cap anyone may set, in USD: a typo's extra zeros are refused rather than obeyed (by the
 * API and by the dashboard's form).
 */
export const MAX_CAP_USD = 1_000_000;
