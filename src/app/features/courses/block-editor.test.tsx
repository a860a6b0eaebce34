import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { BlockEditor } from './block-editor.tsx';
import type { Block } from './course-api.ts';

const block = (type: string, own: Partial<Block> = {}): Block => ({
  id: 4,
  base_lesson: 10,
  type,
  order: 1,
  description: null,
  code: null,
  language: null,
  code_html: null,
  formula: null,
  formula_html: null,
  url: null,
  picture: null,
  buttons: null,
  video_file: null,
  video_url: null,
  picture_file: null,
  picture_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...own,
});

function Harness({ initial }: { initial: Block }) {
  const [own, setOwn] = useState(initial);
  return <BlockEditor school="Alpha" block={own} onSaved={setOwn} />;
}

const status = () => document.querySelector('.save-status')!.textContent;

describe('BlockEditor', () => {
  it('saves code with its language on leaving the field and shows the highlighting the server made', async () => {
    const { sent } = stubApi({
      'PATCH Alpha/blocks/4/': (request) =>
        json(block('code', { ...(request.body as object), code_html: '<pre class="shiki"><code><span class="hl-d73a49">print</span>(1)</code></pre>' })),
    });
    render(<Harness initial={block('code', { code: '', language: 'python', code_html: '' })} />);
    expect((screen.getByRole('combobox', { name: 'Язык' }) as HTMLSelectElement).value).toBe('python');
    fireEvent.change(screen.getByRole('textbox', { name: 'Код' }), { target: { value: 'print(1)' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Код' }));
    await waitFor(() => expect(status()).toBe('Сохранено'));
    expect(sent.map((request) => request.body)).toEqual([{ code: 'print(1)', language: 'python' }]);
    expect(document.querySelector('.code-html .hl-d73a49')!.textContent).toBe('print');
  });

  it('saves a new language at once', async () => {
    const { sent } = stubApi({ 'PATCH Alpha/blocks/4/': () => json(block('code', { code: 'x', language: 'sql' })) });
    render(<Harness initial={block('code', { code: 'x', language: 'plaintext' })} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Язык' }), { target: { value: 'sql' } });
    await waitFor(() => expect(sent.map((request) => request.body)).toEqual([{ code: 'x', language: 'sql' }]));
  });

  it("saves a formula and shows the server's MathML", async () => {
    const { sent } = stubApi({ 'PATCH Alpha/blocks/4/': () => json(block('formula', { formula: 'x^2', formula_html: '<math><msup><mi>x</mi><mn>2</mn></msup></math>' })) });
    render(<Harness initial={block('formula', { formula: '' })} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Формула (TeX)' }), { target: { value: 'x^2' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Формула (TeX)' }));
    await waitFor(() => expect(document.querySelector('.formula-block math msup')).not.toBeNull());
    expect(sent[0]!.body).toEqual({ formula: 'x^2' });
  });

  it("says why a video link was not saved, in the server's words", async () => {
    stubApi({ 'PATCH Alpha/blocks/4/': () => json({ code: 'VALIDATION_ERROR', message: 'Укажите ссылку на видео YouTube или Vimeo.', fields: { url: ['Укажите ссылку на видео YouTube или Vimeo.'] } }, 400) });
    render(<Harness initial={block('video')} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Ссылка на видео' }), { target: { value: 'ftp://x' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Ссылка на видео' }));
    await waitFor(() => expect(status()).toBe('Не сохранено: Укажите ссылку на видео YouTube или Vimeo. Повторить'));
  });

  it('saves a picture link', async () => {
    const { sent } = stubApi({ 'PATCH Alpha/blocks/4/': () => json(block('picture', { picture: 'https://example.com/a.png' })) });
    render(<Harness initial={block('picture')} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Ссылка на картинку' }), { target: { value: 'https://example.com/a.png' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Ссылка на картинку' }));
    await waitFor(() => expect(sent[0]?.body).toEqual({ picture: 'https://example.com/a.png' }));
  });

  it('sends buttons only once every row has a name and a link, and offers at most four', async () => {
    const { sent } = stubApi({ 'PATCH Alpha/blocks/4/': (request) => json(block('buttons', request.body as Partial<Block>)) });
    render(<Harness initial={block('buttons', { buttons: [] })} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Текст кнопки' }), { target: { value: 'Записаться' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Текст кнопки' }));
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Ссылка' }), { target: { value: 'https://example.com' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Ссылка' }));
    await waitFor(() => expect(sent.map((request) => request.body)).toEqual([{ buttons: [{ name: 'Записаться', link: 'https://example.com' }] }]));
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: '+ Добавить кнопку' }));
    expect(screen.getAllByRole('textbox', { name: 'Текст кнопки' })).toHaveLength(4);
    expect(screen.queryByRole('button', { name: '+ Добавить кнопку' })).toBeNull();
    expect(screen.getByText('В блоке не больше 4 кнопок.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Убрать кнопку 4' }));
    expect(screen.getAllByRole('textbox', { name: 'Текст кнопки' })).toHaveLength(3);
  });

  it('edits a text block in the rich-text editor', async () => {
    stubApi({});
    render(<Harness initial={block('description', { description: '<p>Привет</p>' })} />);
    const area = await screen.findByRole('textbox', { name: 'Текст' });
    expect(area.innerHTML).toContain('Привет');
  });
});
