/** A search text as an ILIKE pattern matching it anywhere: its %, _ and \ are matched literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
