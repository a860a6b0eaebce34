import { describe, expect, it } from 'vitest';
import { startSeconds, videoEmbed } from './video-embed.ts';

const src = (link: string) => videoEmbed(link)?.src ?? null;
const YT = 'dQw4w9WgXcQ';
const RT = '0123456789abcdef0123456789abcdef';

describe('videoEmbed', () => {
  it("reads YouTube's watch, short, shorts, embed and live links, with a start time", () => {
    const player = `https://www.youtube-nocookie.com/embed/${YT}`;
    expect(videoEmbed(`https://www.youtube.com/watch?v=${YT}`)).toEqual({ host: 'youtube', id: YT, src: player });
    expect(src(`https://youtube.com/watch?v=${YT}&list=PL1&index=2`)).toBe(player);
    expect(src(`https://m.youtube.com/watch?v=${YT}`)).toBe(player);
    expect(src(`https://youtu.be/${YT}`)).toBe(player);
    expect(src(`https://youtu.be/${YT}?si=abc&t=90`)).toBe(`${player}?start=90`);
    expect(src(`https://www.youtube.com/watch?v=${YT}&t=1m30s`)).toBe(`${player}?start=90`);
    expect(src(`https://www.youtube.com/shorts/${YT}`)).toBe(player);
    expect(src(`https://www.youtube.com/embed/${YT}?start=5`)).toBe(`${player}?start=5`);
    expect(src(`https://www.youtube-nocookie.com/embed/${YT}`)).toBe(player);
    expect(src(`https://www.youtube.com/live/${YT}`)).toBe(player);
    expect(src(`http://www.youtube.com/watch?v=${YT}`)).toBe(player);
  });

  it("reads Vimeo's page, channel and player links, keeping an unlisted video's key", () => {
    expect(videoEmbed('https://vimeo.com/76979871')).toEqual({ host: 'vimeo', id: '76979871', src: 'https://player.vimeo.com/video/76979871' });
    expect(src('https://vimeo.com/76979871/8272103f6e')).toBe('https://player.vimeo.com/video/76979871?h=8272103f6e');
    expect(src('https://vimeo.com/channels/staffpicks/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(src('https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0')).toBe('https://player.vimeo.com/video/76979871?h=8272103f6e');
  });

  it("reads RuTube's video, shorts, embed and private links", () => {
    const player = `https://rutube.ru/play/embed/${RT}`;
    expect(videoEmbed(`https://rutube.ru/video/${RT}/`)).toEqual({ host: 'rutube', id: RT, src: player });
    expect(src(`https://rutube.ru/shorts/${RT}/`)).toBe(player);
    expect(src(`https://rutube.ru/play/embed/${RT}`)).toBe(player);
    expect(src(`https://rutube.ru/video/private/${RT}/?p=Ab-9_x`)).toBe(`${player}?p=Ab-9_x`);
  });

  it("reads VK Video's links on vk.com and vkvideo.ru, a clip, a video opened over a list and the embed link", () => {
    const player = 'https://vkvideo.ru/video_ext.php?oid=-22822305&id=456241864';
    expect(videoEmbed('https://vk.com/video-22822305_456241864')).toEqual({ host: 'vk', id: '-22822305_456241864', src: player });
    expect(src('https://vkvideo.ru/video-22822305_456241864')).toBe(player);
    expect(src('https://vk.com/clip-22822305_456241864')).toBe(player);
    expect(src('https://vk.com/video?z=video-22822305_456241864%2Fpl_cat_trends')).toBe(player);
    expect(src('https://vk.com/video_ext.php?oid=-22822305&id=456241864&hash=e037414127166efe')).toBe(`${player}&hash=e037414127166efe`);
    expect(src('https://vk.com/video12345_678')).toBe('https://vkvideo.ru/video_ext.php?oid=12345&id=678');
  });

  it('refuses lookalike hosts, user-info tricks, ports and other schemes', () => {
    for (const link of [
      `https://youtube.com.evil.com/watch?v=${YT}`,
      `https://evil.com/youtube.com/watch?v=${YT}`,
      `https://evilyoutube.com/watch?v=${YT}`,
      `https://www.youtube.com@evil.com/watch?v=${YT}`,
      `https://user:pass@www.youtube.com/watch?v=${YT}`,
      `https://www.youtube.com:8443/watch?v=${YT}`,
      `https://youtu.be.evil.com/${YT}`,
      'https://vimeo.com.evil.com/76979871',
      `https://rutube.ru.evil.com/video/${RT}/`,
      'https://vk.com.evil.com/video-1_2',
      'https://notvk.com/video-1_2',
      `javascript://www.youtube.com/%0aalert(1)//watch?v=${YT}`,
      `ftp://www.youtube.com/watch?v=${YT}`,
      `//www.youtube.com/watch?v=${YT}`,
    ]) {
      expect(videoEmbed(link), link).toBeNull();
    }
  });

  it('refuses ids of the wrong form and pages that are not a video', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=short',
      `https://www.youtube.com/watch?v=${YT}"><script>`,
      'https://www.youtube.com/watch?v=dQw4w9WgXc%22',
      'https://www.youtube.com/channel/UC123',
      `https://www.youtube.com/playlist?list=${YT}`,
      'https://youtu.be/',
      'https://vimeo.com/channels/staffpicks',
      'https://player.vimeo.com/video/abc',
      'https://rutube.ru/video/not-an-id/',
      `https://rutube.ru/channel/${RT}/`,
      'https://vk.com/durov',
      'https://vk.com/video_ext.php?oid=-1&id=abc',
      'https://vk.com/video-1_2x',
      'https://example.com/video.mp4',
      'не ссылка',
      '',
    ]) {
      expect(videoEmbed(link), link).toBeNull();
    }
  });

  it('never carries anything of the link but the id and the options it reads', () => {
    expect(src(`https://www.youtube.com/watch?v=${YT}&autoplay=1&origin=https://evil.com`)).toBe(`https://www.youtube-nocookie.com/embed/${YT}`);
    expect(src('https://vimeo.com/76979871?h=<b>')).toBe('https://player.vimeo.com/video/76979871');
    expect(src(`https://rutube.ru/video/${RT}/?p="x"`)).toBe(`https://rutube.ru/play/embed/${RT}`);
    expect(src('https://vk.com/video-1_2?hash=zz&list=x')).toBe('https://vkvideo.ru/video_ext.php?oid=-1&id=2');
  });
});

describe('startSeconds', () => {
  it('reads seconds and h/m/s forms; nothing else', () => {
    expect(startSeconds('90')).toBe(90);
    expect(startSeconds('90s')).toBe(90);
    expect(startSeconds('1h2m3s')).toBe(3723);
    expect(startSeconds('2m')).toBe(120);
    expect(startSeconds('0')).toBeNull();
    expect(startSeconds('abc')).toBeNull();
    expect(startSeconds(null)).toBeNull();
  });
});
