import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP minimum: 19 MiB of memory, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id, a const enum */, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the account does not exist keeps a failed login's timing the same
// whether or not the email is registered.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('coursehub-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Spec-free but sane: 8–128 characters, not only digits. Returns a Russian message or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return 'Пароль должен быть не короче 8 символов.';
  if (password.length > 128) return 'Пароль должен быть не длиннее 128 символов.';
  if (/^\d+$/.test(password)) return 'Пароль не может состоять только из цифр.';
  return null;
}
