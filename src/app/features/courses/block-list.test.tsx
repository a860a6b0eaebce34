import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import { BlockList } from './block-list.tsx';
import type { Block } from './course-api.ts';

const block = (type: string, own: Partial<Block> = {}): Block => ({
  id: 4, base_lesson: 10, type, order: 1, description: null, code: null, language: null, code_html: null,
  formula: null, formula_html: null, url: null, picture: null, buttons: null, video_file: null, video_url: null, picture_file: null,
  picture_url: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', ...own,
});

function Harness({ initial }: { initial: Block[] }) {
  const [blocks, setBlocks] = useState<readonly Block[]>(initial);
  return <BlockList school="Alpha" lessonId={10} blocks={blocks} onBlocks={setBlocks} />;
}

const two = () => [block('formula', { id: 1, formula: 'a' }), block('video', { id: 2, url: 'https://youtu.be/x' })];
const labels = () => screen.queryAllByRole('listitem').map((item) => item.getAttribute('aria-label'));

beforeEach(() => $toasts.set([]));

describe('BlockList', () => {
  it('says so when the lesson has no blocks, and adds one of each type at the end', async () => {
    const { sent } = stubApi({ 'POST Alpha/blocks/': (request) => json(block((request.body as { type: string }).type, { id: 9 }), 201) });
    render(<Harness initial={[]} />);
    expect(screen.getByText(/В уроке пока нет блоков/)).toBeTruthy();
    const add = screen.getByRole('group', { name: 'Добавить блок' });
    expect(within(add).getAllByRole('button').map((button) => button.textContent)).toEqual(['+ Текст', '+ Код', '+ Формула', '+ Кнопки', '+ Видео', '+ Картинка']);
    fireEvent.click(within(add).getByRole('button', { name: '+ Код' }));
    await waitFor(() => expect(labels()).toEqual(['1. Код']));
    expect(sent[0]!.body).toEqual({ base_lesson: 10, type: 'code' });
  });

  it('moves a block down and up, telling the server the new order', async () => {
    const { sent } = stubApi({ 'POST Alpha/block_order/': () => json({ detail: 'ok' }) });
    render(<Harness initial={two()} />);
    expect(labels()).toEqual(['1. Формула', '2. Видео']);
    fireEvent.click(screen.getByRole('button', { name: 'Переместить «1. Формула» вниз' }));
    expect(labels()).toEqual(['1. Видео', '2. Формула']);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual([
      { block_id: 2, order: 1 },
      { block_id: 1, order: 2 },
    ]);
  });

  it('puts the blocks back when the server refuses the order', async () => {
    stubApi({ 'POST Alpha/block_order/': () => json({ code: 'BLOCK_NOT_FOUND', message: 'Блок не найден.' }, 404) });
    render(<Harness initial={two()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Переместить «2. Видео» вверх' }));
    await waitFor(() => expect(labels()).toEqual(['1. Формула', '2. Видео']));
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Блок не найден.']);
  });

  it('deletes a block after the confirmation only', async () => {
    const { sent } = stubApi({ 'DELETE Alpha/blocks/1/': () => new Response(null, { status: 204 }) });
    render(<Harness initial={two()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить блок «1. Формула»' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить блок?' })).getByRole('button', { name: 'Отмена' }));
    expect(labels()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить блок «1. Формула»' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить блок?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(labels()).toEqual(['1. Видео']));
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE Alpha/blocks/1/']);
  });
});
