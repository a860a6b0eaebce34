// Russian UI strings: filters. Quoted spec strings are word for word.
export const filtersMessages = {
  allStatuses: 'Все статусы',
} as const;
