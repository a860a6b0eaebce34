// Russian UI strings: school. Quoted spec strings are word for word.
export const schoolMessages = {
  invalidSchoolId: 'Invalid school ID',
} as const;
