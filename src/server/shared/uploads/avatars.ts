import { randomBytes } from 'node:crypto';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerConfig } from '../../config.ts';

/** The original product's limit for profile pictures. */
export const AVATAR_MAX_BYTES = 7 * 1024 * 1024;

const TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
type ImageExt = keyof typeof TYPES;

// What is stored and served: "<userId>-<16 hex>.<ext>", nothing else, so a name from a URL can
// never walk out of the avatars directory.
const FILE_NAME = /^[1-9][0-9]{0,9}-[0-9a-f]{16}\.(png|jpg|webp|gif)$/;
const STORED_PREFIX = 'avatars/';

/** The image type by its first bytes (the client's file name and content type are not trusted). */
export function imageType(bytes: Buffer): ImageExt | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

function avatarDir(config: ServerConfig): string {
  return join(config.dataDir, 'uploads', 'avatars');
}

/** Writes the image and returns what users.avatar stores: its path relative to the uploads directory. */
export async function saveAvatar(config: ServerConfig, userId: number, bytes: Buffer, ext: ImageExt): Promise<string> {
  const name = `${userId}-${randomBytes(8).toString('hex')}.${ext}`;
  await mkdir(avatarDir(config), { recursive: true });
  const path = join(avatarDir(config), name);
  try {
    await writeFile(path, bytes, { flag: 'wx' });
  } catch (error) {
    // A disk that filled up midway leaves part of the image: it goes (the error answers 507).
    await unlink(path).catch(() => undefined);
    throw error;
  }
  return STORED_PREFIX + name;
}

/** Deletes a stored avatar; a missing file or a foreign value is left alone. */
export async function removeAvatar(config: ServerConfig, stored: string | null): Promise<void> {
  const name = stored?.startsWith(STORED_PREFIX) ? stored.slice(STORED_PREFIX.length) : null;
  if (!name || !FILE_NAME.test(name)) return;
  await unlink(join(avatarDir(config), name)).catch(() => undefined);
}

/** The public URL of a stored avatar. */
export function avatarUrl(config: ServerConfig, stored: string | null): string | null {
  return stored ? `${config.publicUrl}/api/uploads/${stored}` : null;
}

/** The file and content type for a requested avatar name, or null when the name is not ours or the file is gone. */
export async function avatarFile(config: ServerConfig, name: string): Promise<{ path: string; type: string; size: number } | null> {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const path = join(avatarDir(config), name);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  return { path, type: TYPES[match[1] as ImageExt], size: info.size };
}
