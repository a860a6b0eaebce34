/**
 * A lesson's video link read as a video host's player (issue 25): YouTube, Vimeo, RuTube and VK
 * Video links become the host's embed address, built from the video's id (checked against the
 * host's id form), never from the link itself. Anything else — another host, a lookalike
 * ('youtube.com.evil.com', 'evil.com/youtube.com/…', a user-info trick), an id of the wrong
 * form, a port — is not a player: the page offers it as a plain link.
 */

export type VideoHost = 'youtube' | 'vimeo' | 'rutube' | 'vk';

export interface VideoEmbed {
  host: VideoHost;
  /** The host's id of the video (VK: `owner_video`). */
  id: string;
  /** The embed address: the host's player origin, the id and only the options read here. */
  src: string;
}

/** The origins the embedded players load from: the Content-Security-Policy's frame-src lists them. */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://rutube.ru', 'https://vk.com', 'https://vkvideo.ru'] as const;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const RUTUBE_HOSTS = new Set(['rutube.ru', 'www.rutube.ru', 'm.rutube.ru']);
const VK_HOSTS = new Set(['vk.com', 'www.vk.com', 'm.vk.com', 'vk.ru', 'm.vk.ru', 'vkvideo.ru', 'www.vkvideo.ru', 'm.vkvideo.ru']);

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;
const RUTUBE_ID = /^[0-9a-f]{32}$/;
const RUTUBE_KEY = /^[A-Za-z0-9_-]{1,64}$/;
/** VK's `video-123_456` (a community's) or `video123_456` (a person's). */
const VK_VIDEO = /^(?:video|clip)(-?\d{1,12})_(\d{1,12})$/;
const VK_HASH = /^[0-9a-f]{1,32}$/;

/** The link as a URL, when it is an absolute http(s) link on the default port; null otherwise. */
function parse(link: string): URL | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.port !== '' || url.username !== '' || url.password !== '') return null;
  return url;
}

/** A start time as YouTube writes it (`90`, `90s`, `1m30s`, `1h2m3s`) in whole seconds; null when none or unreadable. */
export function startSeconds(value: string | null): number | null {
  if (!value) return null;
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,3})m)?(?:(\d{1,6})s?)?$/.exec(value);
  if (!match) return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 ? seconds : null;
}

function youtube(url: URL): VideoEmbed | null {
  let id: string | null = null;
  if (url.hostname === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (YOUTUBE_HOSTS.has(url.hostname)) {
    const parts = url.pathname.split('/');
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else if (['shorts', 'embed', 'live', 'v'].includes(parts[1] ?? '')) id = parts[2] ?? null;
  } else return null;
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
  return { host: 'youtube', id, src: `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}` };
}

function vimeo(url: URL): VideoEmbed | null {
  if (!VIMEO_HOSTS.has(url.hostname)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get('h');
  if (url.hostname === 'player.vimeo.com') id = parts[0] === 'video' ? parts[1] : undefined;
  else {
    // vimeo.com/123, vimeo.com/123/abcdef (an unlisted video's key), vimeo.com/channels/x/123, vimeo.com/groups/x/videos/123.
    const at = parts.findIndex((part) => VIMEO_ID.test(part));
    id = at >= 0 ? parts[at] : undefined;
    if (at >= 0 && parts[at + 1] && VIMEO_HASH.test(parts[at + 1]!)) hash = parts[at + 1]!;
  }
  if (!id || !VIMEO_ID.test(id)) return null;
  const key = hash && VIMEO_HASH.test(hash) ? `?h=${hash}` : '';
  return { host: 'vimeo', id, src: `https://player.vimeo.com/video/${id}${key}` };
}

function rutube(url: URL): VideoEmbed | null {
  if (!RUTUBE_HOSTS.has(url.hostname)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  // rutube.ru/video/{id}/, rutube.ru/shorts/{id}/, rutube.ru/play/embed/{id}, rutube.ru/video/private/{id}/?p=key.
  const id = parts.find((part) => RUTUBE_ID.test(part));
  const first = parts[0];
  if (!id || !(first === 'video' || first === 'shorts' || (first === 'play' && parts[1] === 'embed'))) return null;
  const key = url.searchParams.get('p');
  return { host: 'rutube', id, src: `https://rutube.ru/play/embed/${id}${key && RUTUBE_KEY.test(key) ? `?p=${key}` : ''}` };
}

function vk(url: URL): VideoEmbed | null {
  if (!VK_HOSTS.has(url.hostname)) return null;
  let owner: string | null = null;
  let video: string | null = null;
  const hash = url.searchParams.get('hash');
  if (url.pathname === '/video_ext.php') {
    owner = url.searchParams.get('oid');
    video = url.searchParams.get('id');
    if (!owner || !/^-?\d{1,12}$/.test(owner) || !video || !/^\d{1,12}$/.test(video)) return null;
  } else {
    // vk.com/video-1_2, vkvideo.ru/video-1_2, vk.com/clip-1_2, vk.com/video?z=video-1_2%2Fpl_… (a video opened over a list).
    const name = url.pathname.split('/').filter(Boolean).at(-1) ?? '';
    const match = VK_VIDEO.exec(name) ?? VK_VIDEO.exec((url.searchParams.get('z') ?? '').split('/')[0]!);
    if (!match) return null;
    owner = match[1]!;
    video = match[2]!;
  }
  const key = hash && VK_HASH.test(hash) ? `&hash=${hash}` : '';
  return { host: 'vk', id: `${owner}_${video}`, src: `https://vkvideo.ru/video_ext.php?oid=${owner}&id=${video}${key}` };
}

/** The host's player for a video link, or null: the link is not one of the hosts' video pages. */
export function videoEmbed(link: string): VideoEmbed | null {
  const url = parse(link);
  // The URL parser lowercases the host and decodes its punycode: the sets compare exact names.
  if (!url) return null;
  return youtube(url) ?? vimeo(url) ?? rutube(url) ?? vk(url);
}
