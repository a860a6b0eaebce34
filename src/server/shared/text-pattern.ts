/**
 * Characters no text field may carry: the C0 controls but tab, line feed and carriage return, and
 * DEL. PostgreSQL refuses a NUL byte in text, and the others are never typed by a person.
 */
export const TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';

