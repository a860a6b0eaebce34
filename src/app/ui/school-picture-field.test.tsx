import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pictureOf, SchoolPictureField } from './school-picture-field.tsx';

describe('SchoolPictureField', () => {
  it('previews the picture, takes it away with «Убрать», and shows the refusal under it', () => {
    const onChange = vi.fn();
    render(<SchoolPictureField school="Alpha" title="Логотип" uploadLabel="Загрузить логотип" alt="Логотип школы" picture={{ id: 7, url: '/f/7' }} error="Файл не найден" onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Логотип' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Логотип школы' }).getAttribute('src')).toBe('/f/7');
    expect(screen.getByRole('alert').textContent).toBe('Файл не найден');
    fireEvent.click(screen.getByRole('button', { name: 'Убрать' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('says when there is no picture', () => {
    render(<SchoolPictureField school="Alpha" title="Печать" uploadLabel="Загрузить печать" alt="Печать" picture={null} error={undefined} onChange={() => undefined} />);
    expect(screen.getByText('Не загружено.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('knows a picture only by both its id and link', () => {
    expect(pictureOf(3, '/f/3')).toEqual({ id: 3, url: '/f/3' });
    expect(pictureOf(null, '/f/3')).toBeNull();
    expect(pictureOf(3, null)).toBeNull();
  });
});
