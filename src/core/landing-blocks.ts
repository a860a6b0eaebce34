/**
 * The course landing constructor (spec §2, §4, §9): seventeen blocks with ids 0–16, kept as an
 * object keyed by block name (as the original served it). A block's id is also its position:
 * moving a block swaps ids with its neighbour, and rendering sorts by id.
 *
 * `content` says how a block renders:
 * - 'header'  course title, description, background photo, contact link
 * - 'stats'   figures computed from the course (lesson count)
 * - 'chips'   a description plus cards ({title, description, photo})
 * - 'text'    a title and a paragraph
 * - 'list'    a title and points ({title, description})
 * - 'faq'     questions and answers
 * - 'reviews' student quotes ({name, text, avatar})
 * - 'program' the course's modules and lessons, taken from the course
 * - 'form'    a consultation request form
 * - 'button'  the call-to-action link button
 *
 * Uploaded files live beside the blocks in a map keyed `name_index` ('photo_0', 'reviewAvatar_3'),
 * so inserting or deleting an item shifts the trailing indexes.
 */

/** Spec §9: default link button colour. */
export const LINK_BUTTON_COLOR = '#BA75FF';

export type LandingContent =
  | 'header'
  | 'stats'
  | 'chips'
  | 'text'
  | 'list'
  | 'faq'
  | 'reviews'
  | 'program'
  | 'form'
  | 'button';

export interface LandingBlockBase<C extends LandingContent = LandingContent> {
  /** 0–16; also the block's position on the page. */
  id: number;
  content: C;
  visible: boolean;
  /** Whether the block may move up, and whether it lets a block below move above it. */
  canUp: boolean;
  /** Whether the block may move down, and whether it lets a block above move below it. */
  canDown: boolean;
  /** Filled from course data: shown, never edited. */
  onlyShow?: boolean;
}

export interface LandingChip {
  title: string;
  description: string;
  /** Image URL; '' until one is uploaded. */
  photo: string;
}

export interface LandingPoint {
  title: string;
  description: string;
}

export interface LandingFaqItem {
  question: string;
  answer: string;
}

export interface LandingReview {
  name: string;
  text: string;
  /** Image URL; '' for none. */
  avatar: string;
}

export interface LandingProgramLesson {
  lesson_id?: number;
  name: string;
  type?: string;
}

export interface LandingProgramSection {
  section_id: number;
  name: string;
  order: number;
  lessons: LandingProgramLesson[];
}

export interface HeaderBlock extends LandingBlockBase<'header'> {
  name: string;
  description: string;
  /** Image URL; '' for the default background. */
  photoBackground: string;
  contact_link: string;
}

export interface StatsBlock extends LandingBlockBase<'stats'> {
  title: string;
  lessonCount: number;
}

export interface ChipsBlock extends LandingBlockBase<'chips'> {
  title: string;
  description: string;
  chips: LandingChip[];
}

export interface TextBlock extends LandingBlockBase<'text'> {
  title: string;
  text: string;
}

export interface ListBlock extends LandingBlockBase<'list'> {
  title: string;
  items: LandingPoint[];
}

export interface FaqBlock extends LandingBlockBase<'faq'> {
  title: string;
  items: LandingFaqItem[];
}

export interface ReviewsBlock extends LandingBlockBase<'reviews'> {
  title: string;
  items: LandingReview[];
}

export interface TrainingProgramBlock extends LandingBlockBase<'program'> {
  title: string;
  sections: LandingProgramSection[];
}

export interface ConsultationBlock extends LandingBlockBase<'form'> {
  title: string;
  description: string;
  buttonText: string;
}

export interface LinkButtonBlock extends LandingBlockBase<'button'> {
  name: string;
  link: string;
  color: string;
}

export interface Landing {
  header: HeaderBlock;
  stats: StatsBlock;
  audience: ChipsBlock;
  advantage: ChipsBlock;
  trainingPurpose: ChipsBlock;
  income: ChipsBlock;
  why_us: ListBlock;
  who_we_are: TextBlock;
  faq: FaqBlock;
  why_python: TextBlock;
  our_flagship_product: TextBlock;
  it_career: ListBlock;
  how_learning_goes: ListBlock;
  reviews: ReviewsBlock;
  trainingProgram: TrainingProgramBlock;
  consultation: ConsultationBlock;
  linkButton: LinkButtonBlock;
}

/** Block keys in default id order: index = default id. */
export const LANDING_BLOCK_KEYS = [
  'header',
  'stats',
  'audience',
  'advantage',
  'trainingPurpose',
  'income',
  'why_us',
  'who_we_are',
  'faq',
  'why_python',
  'our_flagship_product',
  'it_career',
  'how_learning_goes',
  'reviews',
  'trainingProgram',
  'consultation',
  'linkButton',
] as const satisfies readonly (keyof Landing)[];

export type LandingBlockKey = (typeof LANDING_BLOCK_KEYS)[number];
export type LandingBlock = Landing[LandingBlockKey];

/** A block with its key; a union, so `switch (entry.key)` narrows `entry.block`. */
export type LandingEntry = { [K in LandingBlockKey]: { key: K; block: Landing[K] } }[LandingBlockKey];

/** The block frame: movable between the header and the closing button, shown unless said. */
const frame = <C extends LandingContent>(
  key: LandingBlockKey,
  content: C,
  extra: Partial<Omit<LandingBlockBase<C>, 'id' | 'content'>> = {},
): LandingBlockBase<C> => ({
  id: LANDING_BLOCK_KEYS.indexOf(key),
  content,
  visible: true,
  canUp: true,
  canDown: true,
  ...extra,
});

const chip = (title: string, description: string): LandingChip => ({ title, description, photo: '' });
const point = (title: string, description: string): LandingPoint => ({ title, description });

/**
 * The default landing, freshly built on every call so callers may mutate it. Blocks that only
 * fit some schools (who we are, why Python, flagship product, IT career, reviews) start hidden.
 */
export function defaultLanding(): Landing {
  return {
    header: {
      ...frame('header', 'header', { canUp: false, canDown: false }),
      name: 'Название курса',
      description:
        'Краткое описание курса: чему научится студент, сколько длится обучение и какой результат он получит в конце.',
      photoBackground: '',
      contact_link: '',
    },
    stats: { ...frame('stats', 'stats', { onlyShow: true }), title: 'Курс в цифрах', lessonCount: 0 },
    audience: {
      ...frame('audience', 'chips'),
      title: 'Для кого этот курс',
      description: 'Расскажите, кому подойдёт обучение и с каким уровнем подготовки лучше приходить.',
      chips: [
        chip('Новичкам', 'Начнёте с основ и шаг за шагом дойдёте до первых самостоятельных проектов.'),
        chip('Тем, кто меняет профессию', 'Получите востребованные навыки и соберёте портфолио для старта в новой сфере.'),
        chip('Практикующим специалистам', 'Систематизируете знания и закроете пробелы, которые мешают расти.'),
      ],
    },
    advantage: {
      ...frame('advantage', 'chips'),
      title: 'Преимущества курса',
      description: 'Что отличает этот курс от других и почему на нём удобно учиться.',
      chips: [
        chip('Практика с первого урока', 'Каждая тема закрепляется заданиями, которые проверяет преподаватель.'),
        chip('Обучение в своём темпе', 'Уроки доступны в любое время, а прогресс сохраняется автоматически.'),
        chip('Поддержка наставника', 'Ответим на вопросы в чате и поможем разобраться в сложных темах.'),
      ],
    },
    trainingPurpose: {
      ...frame('trainingPurpose', 'chips'),
      title: 'Чему вы научитесь',
      description: 'Перечислите ключевые навыки, которые студент освоит за время обучения.',
      chips: [
        chip('Понимать основы профессии', 'Разберётесь в ключевых понятиях и инструментах.'),
        chip('Решать практические задачи', 'Научитесь применять знания в реальных рабочих ситуациях.'),
        chip('Создавать собственные проекты', 'Выполните итоговую работу, которую не стыдно показать работодателю.'),
      ],
    },
    income: {
      ...frame('income', 'chips'),
      title: 'Сколько можно зарабатывать',
      description: 'Укажите ориентиры по доходу специалистов на разных этапах карьеры.',
      chips: [
        chip('Начинающий специалист', 'Первые заказы и стажировки можно получить уже во время обучения.'),
        chip('Специалист с опытом', 'Стабильный доход после года практики и нескольких проектов в портфолио.'),
        chip('Ведущий специалист', 'Сложные проекты, руководство командой и доход выше среднего по рынку.'),
      ],
    },
    why_us: {
      ...frame('why_us', 'list'),
      title: 'Почему выбирают нас',
      items: [
        point('Опытные преподаватели', 'Курс ведут практики, которые каждый день применяют эти знания в работе.'),
        point('Актуальная программа', 'Мы регулярно обновляем материалы вслед за изменениями в профессии.'),
        point('Сертификат об окончании', 'После успешного завершения курса вы получите именной сертификат.'),
      ],
    },
    who_we_are: {
      ...frame('who_we_are', 'text', { visible: false }),
      title: 'Кто мы',
      text: 'Расскажите о школе: как давно вы обучаете, сколько студентов уже прошли ваши курсы и чем вы гордитесь.',
    },
    faq: {
      ...frame('faq', 'faq'),
      title: 'Частые вопросы',
      items: [
        {
          question: 'Нужна ли специальная подготовка?',
          answer: 'Нет, курс рассчитан на начинающих: все необходимые основы мы разберём в первых уроках.',
        },
        {
          question: 'Сколько времени нужно уделять обучению?',
          answer: 'В среднем 5–7 часов в неделю, но заниматься можно в удобном для вас темпе.',
        },
        {
          question: 'Что будет, если я не успею пройти курс вовремя?',
          answer: 'Доступ к материалам сохранится, и вы сможете вернуться к урокам позже.',
        },
      ],
    },
    why_python: {
      ...frame('why_python', 'text', { visible: false }),
      title: 'Почему Python',
      text: 'Python — один из самых популярных языков программирования: он прост в изучении и применяется в веб-разработке, анализе данных, автоматизации и машинном обучении.',
    },
    our_flagship_product: {
      ...frame('our_flagship_product', 'text', { visible: false }),
      title: 'Наш флагманский продукт',
      text: 'Расскажите о главной программе школы: для кого она, сколько длится и каких результатов достигают выпускники.',
    },
    it_career: {
      ...frame('it_career', 'list', { visible: false }),
      title: 'Карьера в IT',
      items: [
        point('Высокий спрос на специалистов', 'Компании постоянно ищут сотрудников с цифровыми навыками.'),
        point('Удалённая работа', 'Работайте из любого города и выбирайте удобный график.'),
        point('Быстрый карьерный рост', 'В IT можно вырасти от стажёра до ведущего специалиста за несколько лет.'),
      ],
    },
    how_learning_goes: {
      ...frame('how_learning_goes', 'list'),
      title: 'Как проходит обучение',
      items: [
        point('Смотрите уроки', 'Изучайте теорию в видеоуроках и текстовых материалах на платформе.'),
        point('Выполняйте задания', 'Закрепляйте знания на практике: тесты и домашние задания после каждой темы.'),
        point('Получайте обратную связь', 'Преподаватель проверяет работы и подсказывает, что улучшить.'),
        point('Защитите итоговый проект', 'Подтвердите навыки и получите сертификат об окончании курса.'),
      ],
    },
    reviews: {
      ...frame('reviews', 'reviews', { visible: false }),
      title: 'Отзывы студентов',
      items: [
        {
          name: 'Анна К.',
          text: 'Понятные объяснения и много практики. Уже через месяц применяла новые знания в работе.',
          avatar: '',
        },
        {
          name: 'Дмитрий С.',
          text: 'Понравилась поддержка преподавателя: на все вопросы отвечали быстро и подробно.',
          avatar: '',
        },
      ],
    },
    trainingProgram: {
      ...frame('trainingProgram', 'program', { onlyShow: true }),
      title: 'Программа обучения',
      sections: [],
    },
    consultation: {
      ...frame('consultation', 'form'),
      title: 'Остались вопросы?',
      description: 'Оставьте заявку, и мы поможем выбрать подходящий формат обучения.',
      buttonText: 'Получить консультацию',
    },
    linkButton: {
      // The call-to-action closes the page and stays last.
      ...frame('linkButton', 'button', { canUp: false, canDown: false }),
      name: 'Записаться на курс',
      link: '',
      color: LINK_BUTTON_COLOR,
    },
  };
}

/** What a server or persisted state may hold: any block or field may be missing. */
export type LandingInput = { [K in LandingBlockKey]?: Partial<Landing[K]> | null };

/** Fills what `input` lacks from the defaults (the server knows only some block types). */
export function landingWithDefaults(input: LandingInput): Landing {
  const landing = defaultLanding();
  const merged: Record<string, unknown> = { ...landing };
  for (const key of LANDING_BLOCK_KEYS) {
    const given = Object.entries(input[key] ?? {}).filter(([, value]) => value !== undefined);
    merged[key] = { ...landing[key], ...Object.fromEntries(given) };
  }
  // Each key holds its default block overlaid with fields of the same block type.
  return merged as unknown as Landing;
}

/** Spec §4: reset restores the default blocks but keeps the current header. */
export function resetLanding(current: Pick<Landing, 'header'>): Landing {
  return { ...defaultLanding(), header: { ...current.header } };
}

function entry<K extends LandingBlockKey>(landing: Landing, key: K): LandingEntry {
  return { key, block: landing[key] } as LandingEntry;
}

/** Blocks in page order (by id); only visible ones unless the editor asks for all. */
export function orderedBlocks(landing: Landing, options: { includeHidden?: boolean } = {}): LandingEntry[] {
  return LANDING_BLOCK_KEYS.map((key) => entry(landing, key))
    .filter(({ block }) => options.includeHidden === true || block.visible)
    .sort((a, b) => a.block.id - b.block.id);
}

export type MoveDirection = 'up' | 'down';

/** The block that `key` would swap places with, if both allow the move. */
function moveTarget(landing: Landing, key: LandingBlockKey, direction: MoveDirection): LandingBlockKey | undefined {
  const order = orderedBlocks(landing, { includeHidden: true });
  const index = order.findIndex((e) => e.key === key);
  const neighbour = order[direction === 'up' ? index - 1 : index + 1];
  if (!neighbour) return undefined;
  const block = landing[key];
  const allowed =
    direction === 'up' ? block.canUp && neighbour.block.canDown : block.canDown && neighbour.block.canUp;
  return allowed ? neighbour.key : undefined;
}

export function canMoveBlock(landing: Landing, key: LandingBlockKey, direction: MoveDirection): boolean {
  return moveTarget(landing, key, direction) !== undefined;
}

/**
 * Swaps the block with its neighbour in page order (hidden blocks count, as the editor lists
 * them). Both must agree: the mover's canUp/canDown and the neighbour's opposite flag, so nothing
 * passes the header or the closing button. A refused move returns `landing` itself.
 */
export function moveBlock(landing: Landing, key: LandingBlockKey, direction: MoveDirection): Landing {
  const other = moveTarget(landing, key, direction);
  if (other === undefined) return landing;
  const next: Record<string, unknown> = { ...landing };
  next[key] = { ...landing[key], id: landing[other].id };
  next[other] = { ...landing[other], id: landing[key].id };
  return next as unknown as Landing;
}

/** Uploaded files by `name_index` key; the value type is left to the caller (File in the app). */
export type LandingFiles<F = unknown> = Readonly<Record<string, F>>;

// Canonical non-negative integers only, so 'photo_01' is not mistaken for 'photo_1'.
const INDEXED_KEY = /_(0|[1-9]\d*)$/;

/** 'reviewAvatar', 3 → 'reviewAvatar_3'. */
export function landingFileKey(name: string, index: number): string {
  return `${name}_${index}`;
}

/** 'reviewAvatar_3' → {name: 'reviewAvatar', index: 3}; null for a key without a trailing _N. */
export function parseLandingFileKey(key: string): { name: string; index: number } | null {
  if (!INDEXED_KEY.test(key)) return null;
  const cut = key.lastIndexOf('_');
  return { name: key.slice(0, cut), index: Number(key.slice(cut + 1)) };
}

function checkIndex(index: number): void {
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new RangeError(`Landing file index must be a non-negative integer, got ${index}`);
  }
}

/** Renames every key via `reindex` (undefined drops the file); keys without an index stay. */
function reindexFiles<F>(files: LandingFiles<F>, reindex: (index: number) => number | undefined): Record<string, F> {
  const result: Record<string, F> = {};
  for (const [key, file] of Object.entries(files)) {
    const parsed = parseLandingFileKey(key);
    if (!parsed) {
      result[key] = file;
      continue;
    }
    const index = reindex(parsed.index);
    if (index !== undefined) result[landingFileKey(parsed.name, index)] = file;
  }
  return result;
}

/** An item was inserted at `index`: keys with a trailing index ≥ index move up by one. */
export function shiftFileKeysOnInsert<F>(files: LandingFiles<F>, index: number): Record<string, F> {
  checkIndex(index);
  return reindexFiles(files, (i) => (i >= index ? i + 1 : i));
}

/** The item at `index` was deleted: its keys are dropped and those above it move down by one. */
export function shiftFileKeysOnDelete<F>(files: LandingFiles<F>, index: number): Record<string, F> {
  checkIndex(index);
  return reindexFiles(files, (i) => (i === index ? undefined : i > index ? i - 1 : i));
}
