/** The items whose name contains the keyword, ignoring case (client-side search of short lists). */
export function filterByName<T extends { name: string }>(items: readonly T[], keyword: string): readonly T[] {
  const needle = keyword.trim().toLowerCase();
  return needle ? items.filter((item) => item.name.toLowerCase().includes(needle)) : items;
}
