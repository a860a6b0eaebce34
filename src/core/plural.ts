/** The three Russian plural forms: for 1 (месяц), for 2–4 (месяца), for 5–20 (месяцев). */
export type PluralForms = readonly [one: string, few: string, many: string];

export function pluralForm(n: number, forms: PluralForms): string {
  const abs = Math.abs(Math.trunc(n));
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** "3 месяца", "12 месяцев". */
export function plural(n: number, forms: PluralForms): string {
  return `${n} ${pluralForm(n, forms)}`;
}
