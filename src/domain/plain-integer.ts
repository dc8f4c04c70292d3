/**
 * An integer as a person writes it: decimal digits with an optional minus (the range check comes after). Not
 * what JavaScript's Number() also reads: "0x10", "1e1", "5.0", " 5", "" (docs/decisions/0043).
 */
export const PLAIN_INTEGER = /^-?\d+$/;
