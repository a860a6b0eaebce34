import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LessonVideo } from './lesson-video.tsx';

// The players' pages are the hosts': the test reads the frames' attributes, the frames go nowhere.
beforeAll(() => {
  (window as unknown as { happyDOM: { settings: { navigation: { disableChildFrameNavigation: boolean } } } }).happyDOM.settings.navigation.disableChildFrameNavigation = true;
});

/** A <video>'s played ranges and length as the browser would have them. */
function played(video: HTMLVideoElement, ranges: [number, number][], duration: number) {
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  Object.defineProperty(video, 'played', { configurable: true, value: { length: ranges.length, start: (i: number) => ranges[i]![0], end: (i: number) => ranges[i]![1] } });
}

describe('LessonVideo', () => {
  it('plays an uploaded video in a <video> with controls, metadata only and its frame at 0.1 s as the poster', () => {
    const { container } = render(<LessonVideo url={null} videoUrl="/api/files/1/v.webm?t=x" />);
    const video = screen.getByLabelText('Видео урока') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.getAttribute('src')).toBe('/api/files/1/v.webm?t=x#t=0.1');
    expect(container.querySelector('iframe, a')).toBeNull();
  });

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'Видео урока (YouTube)'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'Видео урока (YouTube)'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871', 'Видео урока (Vimeo)'],
    ['https://rutube.ru/video/0123456789abcdef0123456789abcdef/', 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef', 'Видео урока (RuTube)'],
    ['https://vkvideo.ru/video-1_2', 'https://vkvideo.ru/video_ext.php?oid=-1&id=2', 'Видео урока (VK Видео)'],
  ])("plays %s in the host's player, named for screen readers, lazily, full screen allowed", (url, src, title) => {
    const { container } = render(<LessonVideo url={url} />);
    const frame = screen.getByTitle(title) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(src);
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
    expect(frame.getAttribute('allow')).not.toContain('fullscreen');
    expect(frame.getAttribute('allow')).toContain('encrypted-media');
    expect(container.querySelector('video, a')).toBeNull();
    // The course editor's preview: no «Я посмотрел».
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers any other link, or a lookalike host, as a link, never a frame', () => {
    for (const url of ['https://example.com/lesson.mp4', 'https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ']) {
      const { container, unmount } = render(<LessonVideo url={url} />);
      expect(screen.getByRole('link', { name: 'Смотреть видео' }).getAttribute('href')).toBe(url);
      expect(container.querySelector('iframe, video')).toBeNull();
      unmount();
    }
  });

  it('shows nothing without a video', () => {
    const { container } = render(<LessonVideo url={null} />);
    expect(container.innerHTML).toBe('');
  });

  it("tells the share of an uploaded video played from its played ranges, with the video's length", () => {
    const onProgress = vi.fn();
    render(<LessonVideo url={null} videoUrl="/api/files/1/v.webm?t=x" onProgress={onProgress} />);
    const video = screen.getByLabelText('Видео урока') as HTMLVideoElement;
    played(video, [[0, 30]], 100);
    fireEvent.timeUpdate(video);
    expect(onProgress).toHaveBeenLastCalledWith({ percent: 30, duration: 100 });
    // Skipped from 30 s to 90 s and played to the end: 40 % played, not 100.
    played(video, [[0, 30], [90, 100]], 100);
    fireEvent.ended(video);
    expect(onProgress).toHaveBeenLastCalledWith({ percent: 40, duration: 100 });
    // A file whose length is not known yet.
    played(video, [[0, 3]], Number.POSITIVE_INFINITY);
    fireEvent.timeUpdate(video);
    expect(onProgress).toHaveBeenLastCalledWith({ percent: 0, duration: null });
  });

  it("offers «Я посмотрел» for a host's player once the student started it (the focus went into the player)", () => {
    const onProgress = vi.fn();
    render(<LessonVideo url="https://rutube.ru/video/0123456789abcdef0123456789abcdef/" onProgress={onProgress} />);
    const button = screen.getByRole('button', { name: 'Я посмотрел' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Кнопка станет доступна, когда вы запустите видео.')).toBeTruthy();
    const frame = screen.getByTitle('Видео урока (RuTube)');
    act(() => {
      frame.focus();
      window.dispatchEvent(new Event('blur'));
    });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onProgress).toHaveBeenCalledWith({ percent: 100, duration: null });
  });

  it('offers «Я посмотрел» for another link once it was opened', () => {
    const onProgress = vi.fn();
    render(<LessonVideo url="https://example.com/lesson.mp4" onProgress={onProgress} />);
    const button = screen.getByRole('button', { name: 'Я посмотрел' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const link = screen.getByRole('link', { name: 'Смотреть видео' });
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onProgress).toHaveBeenCalledWith({ percent: 100, duration: null });
  });
});
