/** The form an email is stored and compared in. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Digits and a leading plus: the form a phone number is stored and compared in. */
export function normalisePhone(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}
