import { describe, expect, it } from 'vitest';
import {
  LANDING_BLOCK_KEYS,
  LINK_BUTTON_COLOR,
  canMoveBlock,
  defaultLanding,
  landingFileKey,
  landingWithDefaults,
  moveBlock,
  orderedBlocks,
  parseLandingFileKey,
  resetLanding,
  shiftFileKeysOnDelete,
  shiftFileKeysOnInsert,
  type Landing,
  type LandingBlockKey,
  type LandingContent,
  type MoveDirection,
} from './landing-blocks.ts';

const keysOf = (landing: Landing, includeHidden = true) =>
  orderedBlocks(landing, { includeHidden }).map((e) => e.key);

describe('defaultLanding', () => {
  it.each<[number, LandingBlockKey, LandingContent]>([
    [0, 'header', 'header'],
    [1, 'stats', 'stats'],
    [2, 'audience', 'chips'],
    [3, 'advantage', 'chips'],
    [4, 'trainingPurpose', 'chips'],
    [5, 'income', 'chips'],
    [6, 'why_us', 'list'],
    [7, 'who_we_are', 'text'],
    [8, 'faq', 'faq'],
    [9, 'why_python', 'text'],
    [10, 'our_flagship_product', 'text'],
    [11, 'it_career', 'list'],
    [12, 'how_learning_goes', 'list'],
    [13, 'reviews', 'reviews'],
    [14, 'trainingProgram', 'program'],
    [15, 'consultation', 'form'],
    [16, 'linkButton', 'button'],
  ])('block %i is %s (%s)', (id, key, content) => {
    expect(LANDING_BLOCK_KEYS[id]).toBe(key);
    expect(defaultLanding()[key]).toMatchObject({ id, content });
  });

  it('has exactly the 17 keys, ids 0–16 (spec §9)', () => {
    const landing = defaultLanding();
    expect(Object.keys(landing)).toEqual([...LANDING_BLOCK_KEYS]);
    expect(Object.values(landing).map((b) => b.id)).toEqual([...Array(17).keys()]);
  });

  it('gives every block the spec frame fields', () => {
    for (const block of Object.values(defaultLanding())) {
      expect(block).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          content: expect.any(String),
          visible: expect.any(Boolean),
          canUp: expect.any(Boolean),
          canDown: expect.any(Boolean),
        }),
      );
    }
  });

  it('has Russian placeholder texts for the header', () => {
    expect(defaultLanding().header).toEqual({
      id: 0,
      content: 'header',
      visible: true,
      canUp: false,
      canDown: false,
      name: 'Название курса',
      description: expect.stringMatching(/^Краткое описание курса/),
      photoBackground: '',
      contact_link: '',
    });
  });

  it.each(['audience', 'advantage', 'trainingPurpose', 'income'] as const)('%s has a description and chips', (key) => {
    const block = defaultLanding()[key];
    expect(block.description).toMatch(/[а-яё]/i);
    expect(block.chips.length).toBeGreaterThan(0);
    for (const c of block.chips) expect(c).toEqual({ title: expect.any(String), description: expect.any(String), photo: '' });
  });

  it('fills the course-data blocks empty and marks them onlyShow', () => {
    const landing = defaultLanding();
    expect(landing.stats).toMatchObject({ lessonCount: 0, onlyShow: true });
    expect(landing.trainingProgram).toMatchObject({ sections: [], onlyShow: true });
    const onlyShow = Object.entries(landing).filter(([, b]) => b.onlyShow === true).map(([k]) => k);
    expect(onlyShow).toEqual(['stats', 'trainingProgram']);
  });

  it('uses #BA75FF for the link button (spec §9)', () => {
    expect(LINK_BUTTON_COLOR).toBe('#BA75FF');
    expect(defaultLanding().linkButton).toMatchObject({ name: 'Записаться на курс', link: '', color: '#BA75FF' });
  });

  it.each<[LandingBlockKey, boolean, boolean]>([
    ['header', false, false],
    ['stats', true, true],
    ['faq', true, true],
    ['consultation', true, true],
    ['linkButton', false, false],
  ])('%s: canUp %s, canDown %s', (key, canUp, canDown) => {
    expect(defaultLanding()[key]).toMatchObject({ canUp, canDown });
  });

  it('returns a fresh deep copy on every call', () => {
    const a = defaultLanding();
    a.audience.chips.push({ title: 'x', description: 'y', photo: '' });
    a.header.name = 'Изменено';
    const b = defaultLanding();
    expect(b.header.name).toBe('Название курса');
    expect(b.audience.chips).toHaveLength(3);
    expect(b).toEqual(defaultLanding());
  });
});

describe('orderedBlocks', () => {
  it('lists visible blocks by id', () => {
    expect(keysOf(defaultLanding(), false)).toEqual([
      'header', 'stats', 'audience', 'advantage', 'trainingPurpose', 'income', 'why_us', 'faq',
      'how_learning_goes', 'trainingProgram', 'consultation', 'linkButton',
    ]);
  });

  it('lists hidden ones too on request', () => {
    expect(keysOf(defaultLanding())).toEqual([...LANDING_BLOCK_KEYS]);
  });

  it('sorts by id, not by key order', () => {
    const landing = defaultLanding();
    landing.faq.id = 1;
    landing.stats.id = 8;
    expect(keysOf(landing).slice(0, 3)).toEqual(['header', 'faq', 'audience']);
  });

  it('pairs each key with its own block', () => {
    const landing = defaultLanding();
    for (const e of orderedBlocks(landing)) expect(e.block).toBe(landing[e.key]);
  });
});

describe('resetLanding', () => {
  it('restores the default blocks but keeps the header', () => {
    const current = defaultLanding();
    current.header = { ...current.header, name: 'Мой курс', photoBackground: 'https://cdn/bg.png', contact_link: 'https://t.me/x' };
    current.faq.visible = false;
    current.faq.items = [];
    current.stats.id = 5;
    current.income.id = 1;

    const reset = resetLanding(current);
    expect(reset).toEqual({ ...defaultLanding(), header: current.header });
    expect(reset.header).not.toBe(current.header);
    expect(current.faq.items).toEqual([]);
  });
});

describe('landingWithDefaults', () => {
  it('fills missing blocks and fields from the defaults', () => {
    const landing = landingWithDefaults({
      header: { name: 'Python с нуля', description: undefined },
      stats: { lessonCount: 24 },
      linkButton: null,
      trainingProgram: { sections: [{ section_id: 1, name: 'Основы', order: 1, lessons: [] }] },
    });
    const defaults = defaultLanding();
    expect(landing.header).toEqual({ ...defaults.header, name: 'Python с нуля' });
    expect(landing.stats.lessonCount).toBe(24);
    expect(landing.linkButton).toEqual(defaults.linkButton);
    expect(landing.trainingProgram.sections).toHaveLength(1);
    expect(landing.faq).toEqual(defaults.faq);
  });

  it('gives the defaults for empty input and ignores unknown keys', () => {
    expect(landingWithDefaults({ extra: { id: 99 } } as never)).toEqual(defaultLanding());
  });
});

describe('moveBlock', () => {
  it.each<[string, LandingBlockKey, MoveDirection, LandingBlockKey | null]>([
    ['a middle block up', 'faq', 'up', 'who_we_are'],
    ['a middle block down', 'faq', 'down', 'why_python'],
    ['past a hidden neighbour', 'why_us', 'down', 'who_we_are'],
    ['the header never moves', 'header', 'down', null],
    ['nothing moves above the header', 'stats', 'up', null],
    ['stats moves down', 'stats', 'down', 'audience'],
    ['nothing moves below the link button', 'consultation', 'down', null],
    ['the link button never moves', 'linkButton', 'up', null],
    ['the header has nothing above', 'header', 'up', null],
    ['the link button has nothing below', 'linkButton', 'down', null],
  ])('%s', (_name, key, direction, swappedWith) => {
    const landing = defaultLanding();
    const moved = moveBlock(landing, key, direction);
    expect(canMoveBlock(landing, key, direction)).toBe(swappedWith !== null);
    if (swappedWith === null) {
      expect(moved).toBe(landing);
      return;
    }
    expect(moved[key].id).toBe(landing[swappedWith].id);
    expect(moved[swappedWith].id).toBe(landing[key].id);
    expect(keysOf(moved).map((k) => moved[k].id)).toEqual([...Array(17).keys()]);
  });

  it('respects a block that refuses to move', () => {
    const landing = defaultLanding();
    landing.faq.canUp = false;
    expect(moveBlock(landing, 'faq', 'up')).toBe(landing);
    landing.faq.canUp = true;
    landing.who_we_are.canDown = false;
    expect(moveBlock(landing, 'faq', 'up')).toBe(landing);
  });

  it('follows the current positions after earlier moves', () => {
    let landing = defaultLanding();
    landing = moveBlock(landing, 'reviews', 'up');
    landing = moveBlock(landing, 'reviews', 'up');
    expect(keysOf(landing).slice(10, 15)).toEqual(['our_flagship_product', 'reviews', 'it_career', 'how_learning_goes', 'trainingProgram']);
  });

  it('does not mutate its input', () => {
    const landing = defaultLanding();
    moveBlock(landing, 'faq', 'up');
    expect(landing).toEqual(defaultLanding());
  });
});

describe('landing file keys', () => {
  it.each<[string, { name: string; index: number } | null]>([
    ['photo_0', { name: 'photo', index: 0 }],
    ['reviewAvatar_3', { name: 'reviewAvatar', index: 3 }],
    ['chip_photo_12', { name: 'chip_photo', index: 12 }],
    ['photoBackground', null],
    ['photo_', null],
    ['photo_x', null],
    ['photo_-1', null],
    ['photo_01', null],
    ['photo_1.5', null],
  ])('parses %s', (key, expected) => {
    expect(parseLandingFileKey(key)).toEqual(expected);
  });

  it('builds name_index', () => {
    expect(landingFileKey('reviewAvatar', 3)).toBe('reviewAvatar_3');
  });

  const files = { photo_0: 'p0', photo_1: 'p1', photo_2: 'p2', reviewAvatar_1: 'r1', photoBackground: 'bg', logo_01: 'l' };

  it.each<[number, Record<string, string>]>([
    [0, { photo_1: 'p0', photo_2: 'p1', photo_3: 'p2', reviewAvatar_2: 'r1', photoBackground: 'bg', logo_01: 'l' }],
    [1, { photo_0: 'p0', photo_2: 'p1', photo_3: 'p2', reviewAvatar_2: 'r1', photoBackground: 'bg', logo_01: 'l' }],
    [2, { photo_0: 'p0', photo_1: 'p1', photo_3: 'p2', reviewAvatar_1: 'r1', photoBackground: 'bg', logo_01: 'l' }],
    [3, files],
    [50, files],
  ])('insert at %i shifts indexes ≥ it up', (index, expected) => {
    expect(shiftFileKeysOnInsert(files, index)).toEqual(expected);
  });

  it.each<[number, Record<string, string>]>([
    [0, { photo_0: 'p1', photo_1: 'p2', reviewAvatar_0: 'r1', photoBackground: 'bg', logo_01: 'l' }],
    [1, { photo_0: 'p0', photo_1: 'p2', photoBackground: 'bg', logo_01: 'l' }],
    [2, { photo_0: 'p0', photo_1: 'p1', reviewAvatar_1: 'r1', photoBackground: 'bg', logo_01: 'l' }],
    [3, files],
  ])('delete at %i drops that index and shifts the ones above down', (index, expected) => {
    expect(shiftFileKeysOnDelete(files, index)).toEqual(expected);
  });

  it('round-trips: insert then delete at the same index restores the map', () => {
    expect(shiftFileKeysOnDelete(shiftFileKeysOnInsert(files, 1), 1)).toEqual(files);
  });

  it('returns new objects and keeps the file values', () => {
    const blob = { name: 'a.png' };
    const input = { photo_0: blob };
    const snapshot = { ...input };
    const inserted = shiftFileKeysOnInsert(input, 0);
    const deleted = shiftFileKeysOnDelete(input, 5);
    expect(inserted).toEqual({ photo_1: blob });
    expect(inserted.photo_1).toBe(blob);
    expect(deleted).not.toBe(input);
    expect(input).toEqual(snapshot);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects index %s', (index) => {
    expect(() => shiftFileKeysOnInsert(files, index)).toThrow(RangeError);
    expect(() => shiftFileKeysOnDelete(files, index)).toThrow(RangeError);
  });
});
