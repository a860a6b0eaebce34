// A school's URL-safe name, made from the title its owner types (spec: "unique URL-safe name
// from the school's title, Russian transliterated"). Shared so the app can preview the address.
const RUSSIAN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ў: 'u', є: 'ye', ї: 'yi', ґ: 'g',
};

export const SCHOOL_NAME_MAX_LENGTH = 64;

function transliterateChar(char: string): string {
  const lower = char.toLowerCase();
  const latin = RUSSIAN[lower];
  if (latin === undefined) return char;
  return char === lower || latin === '' ? latin : latin[0]!.toUpperCase() + latin.slice(1);
}

/**
 * 'Моя Школа №1' → 'Moya_Shkola_1': Cyrillic transliterated, anything that is not a Latin
 * letter, digit, '-' or '_' becomes '_', runs collapsed, ends trimmed. '' when nothing is left.
 */
export function schoolNameFromTitle(title: string): string {
  return [...title.normalize('NFC')]
    .map(transliterateChar)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '')
    .slice(0, SCHOOL_NAME_MAX_LENGTH);
}
