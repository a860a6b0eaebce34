import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi, type SentRequest } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import BoxesAdmin, { isoOfLocal, localDateTime, parseChance, parsePrice, priceText } from './boxes-admin.tsx';
import type { Box, Prize, UserPrize } from './boxes-api.ts';

const box = (id: number, own: Partial<Box> = {}): Box => ({
  id,
  name: `Коробка ${id}`,
  icon: null,
  icon_file: null,
  price: 0,
  currency: 'BYN',
  quantity: 1,
  bonus_quantity: 0,
  is_active: true,
  auto_deactivation_time: null,
  prizes: [],
  ...own,
});
const prize = (id: number, own: Partial<Prize> = {}): Prize => ({ id, name: `Приз ${id}`, icon: null, icon_file: null, drop_chance: 10, guaranteed_box_count: null, is_active: true, ...own });
const page = <T,>(...results: T[]) => json({ count: results.length, next: null, previous: null, results });
const noContent = () => new Response(null, { status: 204 });
const cup = prize(1, { name: 'Кружка', drop_chance: 30 });
const book = prize(2, { name: 'Книга', drop_chance: 20, guaranteed_box_count: 5 });
const all = prize(3, { name: 'Всё', drop_chance: 60 });

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;
const posts = (sent: SentRequest[], method: string) => sent.filter((request) => request.method === method).map((request) => [request.path, request.body]);
const lastToast = () => $toasts.get().at(-1);

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

describe('BoxesAdmin', () => {
  it('creates a box with prizes: the chances add up as they are chosen, and the new box is listed', async () => {
    let boxes: Box[] = [];
    const { sent } = stubApi({
      'GET Alpha/school_box/': () => page(...boxes),
      'GET Alpha/school_prize/': () => page(cup, book, all),
      'GET Alpha/user_prizes/': () => page(),
      'POST Alpha/school_box/': (request) => {
        const body = request.body as Partial<Box>;
        boxes = [box(9, { ...body, icon: null })];
        return json(boxes[0], 201);
      },
    });
    render(<BoxesAdmin school="Alpha" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Коробки и призы' })).toBeTruthy();
    expect(await screen.findByText('Коробок пока нет')).toBeTruthy();
    expect(await screen.findByRole('rowheader', { name: 'Кружка' })).toBeTruthy();
    expect(within(row('Книга')).getByText('каждая 5-я')).toBeTruthy();
    expect(within(row('Книга')).getByText('20 %')).toBeTruthy();
    expect(await screen.findByText('Призов пока никто не выиграл')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Добавить коробку' }));
    const dialog = screen.getByRole('dialog', { name: 'Новая коробка' });
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: '  Золотая  ' } });
    fireEvent.change(within(dialog).getByLabelText('Цена, BYN'), { target: { value: '4,99' } });
    fireEvent.change(within(dialog).getByLabelText('Коробок за покупку'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('В подарок'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('Продаётся до'), { target: { value: '2030-12-31T18:30' } });
    fireEvent.click(within(dialog).getByLabelText('Кружка (30 %)'));
    fireEvent.click(within(dialog).getByLabelText('Книга (20 %)'));
    expect(within(dialog).getByText('Сумма шансов: 50 %')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByRole('rowheader', { name: 'Золотая' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const created = row('Золотая');
    expect(within(created).getByText('4,99 BYN')).toBeTruthy();
    expect(within(created).getByText('2 шт. + 1 в подарок')).toBeTruthy();
    expect(within(created).getByText('Кружка, Книга')).toBeTruthy();
    expect(within(created).getByText('Включена')).toBeTruthy();
    expect(posts(sent, 'POST')).toEqual([
      [
        'Alpha/school_box/',
        {
          name: 'Золотая',
          price: 499,
          quantity: 2,
          bonus_quantity: 1,
          auto_deactivation_time: new Date(2030, 11, 31, 18, 30).toISOString(),
          is_active: true,
          icon_file: null,
          prizes: [1, 2],
        },
      ],
    ]);
    expect(lastToast()).toMatchObject({ text: 'Сохранено', kind: 'success' });
  });

  it('checks a box and a prize in Russian before sending, then shows the server’s refusals under their fields', async () => {
    const { sent } = stubApi({
      'GET Alpha/school_box/': () => page(),
      'GET Alpha/school_prize/': () => page(cup, book, all),
      'GET Alpha/user_prizes/': () => page(),
      'POST Alpha/school_box/': () =>
        json({ code: 'CHANCES_OVER_100', message: 'Сумма шансов призов коробки не может быть больше 100 %.', fields: { prizes: ['Сумма шансов призов коробки не может быть больше 100 %.'] } }, 400),
      'POST Alpha/school_prize/': () => json({ code: 'VALIDATION_ERROR', message: 'Проверьте поля.', fields: { drop_chance: ['Укажите шанс с точностью до сотых процента.'] } }, 400),
    });
    render(<BoxesAdmin school="Alpha" />);
    await screen.findByRole('rowheader', { name: 'Всё' });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить коробку' }));
    let dialog = screen.getByRole('dialog', { name: 'Новая коробка' });
    fireEvent.change(within(dialog).getByLabelText('Цена, BYN'), { target: { value: '5 руб' } });
    fireEvent.change(within(dialog).getByLabelText('Коробок за покупку'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('В подарок'), { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByLabelText('Кружка (30 %)'));
    fireEvent.click(within(dialog).getByLabelText('Всё (60 %)'));
    fireEvent.click(within(dialog).getByLabelText('Книга (20 %)'));
    expect(within(dialog).getByText('Сумма шансов: 110 %')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Укажите название.')).toBeTruthy();
    expect(within(dialog).getByText('Укажите цену числом, например 5 или 4,99.')).toBeTruthy();
    expect(within(dialog).getByText('Укажите целое число от 1 до 1000.')).toBeTruthy();
    expect(within(dialog).getByText('Укажите целое число от 0 до 1000.')).toBeTruthy();
    expect(within(dialog).getByText('Сумма шансов призов коробки не может быть больше 100 %.')).toBeTruthy();
    expect(within(dialog).getByText('Проверьте поля формы.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Название').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(dialog).getByLabelText('Цена, BYN'), { target: { value: '10000001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Цена не может быть больше 1 000 000 BYN.')).toBeTruthy();
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);

    // Within the limits here, refused by the server: its message under the prizes, nothing typed lost.
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: 'Лишняя' } });
    fireEvent.change(within(dialog).getByLabelText('Цена, BYN'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Коробок за покупку'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('В подарок'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByLabelText('Книга (20 %)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect((await within(dialog).findAllByText('Сумма шансов призов коробки не может быть больше 100 %.')).length).toBe(2);
    expect((within(dialog).getByLabelText('Название') as HTMLInputElement).value).toBe('Лишняя');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));

    fireEvent.click(screen.getByRole('button', { name: 'Добавить приз' }));
    dialog = screen.getByRole('dialog', { name: 'Новый приз' });
    fireEvent.change(within(dialog).getByLabelText('Шанс выпадения, %'), { target: { value: '100,5' } });
    fireEvent.change(within(dialog).getByLabelText('Гарантирован каждой N-й коробкой'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Укажите название.')).toBeTruthy();
    expect(within(dialog).getByText('Укажите шанс числом от 0 до 100, не точнее сотых, например 12,5.')).toBeTruthy();
    expect(within(dialog).getByText('Укажите целое число от 1 до 100000 или оставьте поле пустым.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: 'Стикер' } });
    fireEvent.change(within(dialog).getByLabelText('Шанс выпадения, %'), { target: { value: '12,5' } });
    fireEvent.change(within(dialog).getByLabelText('Гарантирован каждой N-й коробкой'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Укажите шанс с точностью до сотых процента.')).toBeTruthy();
    expect(posts(sent, 'POST').at(-1)).toEqual(['Alpha/school_prize/', { name: 'Стикер', drop_chance: 12.5, guaranteed_box_count: null, is_active: true, icon_file: null }]);
  });

  it('edits a box and a prize in dialogs filled with what they have', async () => {
    const until = '2030-06-01T09:15:00.000Z';
    let gold = box(4, { name: 'Золотая', price: 1500, quantity: 2, bonus_quantity: 1, auto_deactivation_time: until, prizes: [1] });
    let mug = cup;
    const { sent } = stubApi({
      'GET Alpha/school_box/': () => page(gold),
      'GET Alpha/school_prize/': () => page(mug, book),
      'GET Alpha/user_prizes/': () => page(),
      'PATCH Alpha/school_box/4/': (request) => {
        gold = { ...gold, ...(request.body as Partial<Box>) };
        return json(gold);
      },
      'PATCH Alpha/school_prize/1/': (request) => {
        mug = { ...mug, ...(request.body as Partial<Prize>) };
        return json(mug);
      },
    });
    render(<BoxesAdmin school="Alpha" />);
    await screen.findByRole('rowheader', { name: 'Золотая' });
    await screen.findByRole('rowheader', { name: 'Кружка' });
    expect(within(row('Золотая')).getByText('15,00 BYN')).toBeTruthy();
    fireEvent.click(within(row('Золотая')).getByRole('button', { name: 'Изменить' }));
    const dialog = screen.getByRole('dialog', { name: 'Коробка' });
    expect((within(dialog).getByLabelText('Цена, BYN') as HTMLInputElement).value).toBe('15');
    expect((within(dialog).getByLabelText('Продаётся до') as HTMLInputElement).value).toBe(localDateTime(until));
    expect((within(dialog).getByLabelText('Кружка (30 %)') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Книга (20 %)') as HTMLInputElement).checked).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: 'Платиновая' } });
    fireEvent.click(within(dialog).getByLabelText('Активна'));
    fireEvent.change(within(dialog).getByLabelText('Продаётся до'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('rowheader', { name: 'Платиновая' })).toBeTruthy();
    expect(within(row('Платиновая')).getByText('Выключена')).toBeTruthy();
    expect(within(row('Платиновая')).getByText('Без срока')).toBeTruthy();
    expect(posts(sent, 'PATCH')).toEqual([
      ['Alpha/school_box/4/', { name: 'Платиновая', price: 1500, quantity: 2, bonus_quantity: 1, auto_deactivation_time: null, is_active: false, icon_file: null, prizes: [1] }],
    ]);

    fireEvent.click(within(row('Кружка')).getByRole('button', { name: 'Изменить' }));
    const prizeDialog = screen.getByRole('dialog', { name: 'Приз' });
    expect((within(prizeDialog).getByLabelText('Шанс выпадения, %') as HTMLInputElement).value).toBe('30');
    fireEvent.change(within(prizeDialog).getByLabelText('Шанс выпадения, %'), { target: { value: '0,25' } });
    fireEvent.change(within(prizeDialog).getByLabelText('Гарантирован каждой N-й коробкой'), { target: { value: '3' } });
    fireEvent.click(within(prizeDialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(within(row('Кружка')).queryByText('0,25 %')).toBeTruthy());
    expect(within(row('Кружка')).getByText('каждая 3-я')).toBeTruthy();
    expect(posts(sent, 'PATCH').at(-1)).toEqual(['Alpha/school_prize/1/', { name: 'Кружка', drop_chance: 0.25, guaranteed_box_count: 3, is_active: true, icon_file: null }]);
  });

  it('switches and deletes several boxes at once; a box members still hold is refused in the dialog', async () => {
    let boxes = [box(1, { name: 'Первая' }), box(2, { name: 'Вторая' }), box(3, { name: 'Третья' })];
    let held = true;
    const { sent } = stubApi({
      'GET Alpha/school_box/': () => page(...boxes),
      'GET Alpha/school_prize/': () => page(),
      'GET Alpha/user_prizes/': () => page(),
      'PATCH Alpha/school_box/bulk_update/': (request) => {
        const changes = (request.body as { boxes: { id: number; is_active: boolean }[] }).boxes;
        boxes = boxes.map((item) => ({ ...item, ...changes.find((change) => change.id === item.id) }));
        return json(boxes.filter((item) => changes.some((change) => change.id === item.id)));
      },
      'DELETE Alpha/school_box/bulk_delete/': (request) => {
        if (held) return json({ code: 'BOX_IN_USE', message: 'У учеников есть неоткрытые коробки этого вида: выключите коробку вместо удаления.' }, 409);
        const { ids } = request.body as { ids: number[] };
        boxes = boxes.filter((item) => !ids.includes(item.id));
        return noContent();
      },
    });
    render(<BoxesAdmin school="Alpha" />);
    await screen.findByRole('rowheader', { name: 'Первая' });
    const off = screen.getByRole('button', { name: 'Выключить' }) as HTMLButtonElement;
    expect(off.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Выбрать коробку «Первая»'));
    fireEvent.click(screen.getByLabelText('Выбрать коробку «Третья»'));
    expect(screen.getByText('Выбрано коробок: 2')).toBeTruthy();
    fireEvent.click(off);
    await waitFor(() => expect(within(row('Третья')).queryByText('Выключена')).toBeTruthy());
    expect(within(row('Первая')).getByText('Выключена')).toBeTruthy();
    expect(within(row('Вторая')).getByText('Включена')).toBeTruthy();
    expect(posts(sent, 'PATCH')).toEqual([
      [
        'Alpha/school_box/bulk_update/',
        {
          boxes: [
            { id: 1, is_active: false },
            { id: 3, is_active: false },
          ],
        },
      ],
    ]);
    expect(lastToast()).toMatchObject({ text: 'Изменено коробок: 2' });

    fireEvent.click(screen.getByRole('button', { name: 'Удалить выбранные' }));
    let confirm = screen.getByRole('dialog', { name: 'Удалить выбранные коробки?' });
    expect(within(confirm).getByText('Будет удалено коробок: 2. Это нельзя отменить.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe('У учеников есть неоткрытые коробки этого вида: выключите коробку вместо удаления.');
    expect(screen.getByRole('rowheader', { name: 'Первая' })).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Отмена' }));

    held = false;
    fireEvent.click(screen.getByRole('button', { name: 'Удалить выбранные' }));
    confirm = screen.getByRole('dialog', { name: 'Удалить выбранные коробки?' });
    expect(within(confirm).queryByRole('alert')).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Первая' })).toBeNull());
    expect(screen.queryByRole('rowheader', { name: 'Третья' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Вторая' })).toBeTruthy();
    expect(screen.getByText('Выбрано коробок: 0')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.body)).toEqual([{ ids: [1, 3] }, { ids: [1, 3] }]);

    fireEvent.click(screen.getByLabelText('Выбрать все коробки'));
    expect(screen.getByText('Выбрано коробок: 1')).toBeTruthy();
    expect((screen.getByLabelText('Выбрать коробку «Вторая»') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Выбрать все коробки'));
    expect(screen.getByText('Выбрано коробок: 0')).toBeTruthy();
  });

  it('deletes a box and a prize after a confirmation', async () => {
    let boxes = [box(1, { name: 'Первая' })];
    let prizes = [cup];
    const { sent } = stubApi({
      'GET Alpha/school_box/': () => page(...boxes),
      'GET Alpha/school_prize/': () => page(...prizes),
      'GET Alpha/user_prizes/': () => page(),
      'DELETE Alpha/school_box/1/': () => {
        boxes = [];
        return noContent();
      },
      'DELETE Alpha/school_prize/1/': () => {
        prizes = [];
        return noContent();
      },
    });
    render(<BoxesAdmin school="Alpha" />);
    await screen.findByRole('rowheader', { name: 'Кружка' });
    fireEvent.click(within(row('Первая')).getByRole('button', { name: 'Удалить' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить коробку?' })).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Коробок пока нет')).toBeTruthy();
    fireEvent.click(within(row('Кружка')).getByRole('button', { name: 'Удалить' }));
    const confirm = screen.getByRole('dialog', { name: 'Удалить приз?' });
    expect(within(confirm).getByText('«Кружка» будет удалён без возможности восстановления.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Призов пока нет')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['Alpha/school_box/1/', 'Alpha/school_prize/1/']);
  });

  it('shows a failed load with a retry', async () => {
    let calls = 0;
    stubApi({
      'GET Alpha/school_box/': () => (++calls === 1 ? json({ code: 'DB_UNAVAILABLE', message: 'внутреннее' }, 503) : page(box(1, { name: 'Первая' }))),
      'GET Alpha/school_prize/': () => page(),
      'GET Alpha/user_prizes/': () => page(),
    });
    render(<BoxesAdmin school="Alpha" />);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['Загрузка...', 'Загрузка...', 'Загрузка...']);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Что-то пошло не так на сервере.');
    expect(alert.textContent).not.toContain('внутреннее');
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('rowheader', { name: 'Первая' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the prizes members won and marks one used or back', async () => {
    let won: UserPrize[] = [
      { id: 5, prize: 1, name: 'Кружка', icon: null, is_used: false, received_at: '2026-11-20T10:00:00Z', used_at: null, user_id: 7, user_email: 'student@school.ru' },
      { id: 6, prize: null, name: 'Старый приз', icon: null, is_used: true, received_at: '2026-11-19T10:00:00Z', used_at: '2026-11-19T11:00:00Z', user_id: 8, user_email: 'other@school.ru' },
    ];
    const { sent, fetch } = stubApi({
      'GET Alpha/school_box/': () => page(),
      'GET Alpha/school_prize/': () => page(),
      'GET Alpha/user_prizes/': () => page(...won),
      'PATCH Alpha/user_prizes/5/update_status/': (request) => {
        won = won.map((item) => (item.id === 5 ? { ...item, is_used: (request.body as { is_used: boolean }).is_used } : item));
        return json(won[0]);
      },
    });
    render(<BoxesAdmin school="Alpha" />);
    const first = (await screen.findByRole('rowheader', { name: 'student@school.ru' })).closest('tr')!;
    expect(within(first).getByText('Не использован')).toBeTruthy();
    const asked = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).find((url) => url.pathname.endsWith('/user_prizes/'))!;
    expect([asked.searchParams.get('p'), asked.searchParams.get('s')]).toEqual(['1', '20']);
    expect(within(row('other@school.ru')).getByText('Старый приз (удалён)')).toBeTruthy();
    expect(within(row('other@school.ru')).getByRole('button', { name: 'Вернуть в неиспользованные' })).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Отметить использованным' }));
    await waitFor(() => expect(within(row('student@school.ru')).queryByText('Использован')).toBeTruthy());
    expect(posts(sent, 'PATCH')).toEqual([['Alpha/user_prizes/5/update_status/', { is_used: true }]]);
  });
});

describe('box form values', () => {
  it('reads prices, chances and moments as typed, and refuses what is not one', () => {
    expect([parsePrice('5'), parsePrice('4,99'), parsePrice(' 4.9 '), parsePrice('0'), parsePrice('5 руб'), parsePrice('-1'), parsePrice('1,234')]).toEqual([500, 499, 490, 0, null, null, null]);
    expect([priceText(1500), priceText(499), priceText(5)]).toEqual(['15', '4,99', '0,05']);
    expect([parseChance('12,5'), parseChance('100'), parseChance('0.01'), parseChance('100,01'), parseChance('1,234'), parseChance('')]).toEqual([12.5, 100, 0.01, null, null, null]);
    expect(isoOfLocal('')).toBeNull();
    expect(isoOfLocal('2030-02-31T10:00')).toBeUndefined();
    expect(isoOfLocal('завтра')).toBeUndefined();
    expect(isoOfLocal('2030-01-02T03:04')).toBe(new Date(2030, 0, 2, 3, 4).toISOString());
    expect(localDateTime(new Date(2030, 0, 2, 3, 4).toISOString())).toBe('2030-01-02T03:04');
    expect(localDateTime(null)).toBe('');
    expect(localDateTime('нет')).toBe('');
  });
});
