/** pg returns a `numeric` column as a string (it may not fit a double); null stays null. */
export function numericColumn(value: string | null): number | null {
  return value === null ? null : Number(value);
}
