/**
 * Company registration numbers as registers write them (`09876543`, `HRB 12345`, `B-123.456`,
 * `SC123456`): ASCII letters and digits, with single spaces, hyphens or dots inside, at most
 * REGISTRATION_NUMBER_MAX characters. Nothing else is accepted where a number is typed, and a registry
 * adapter asks for no other: the number goes into the registry API's URL path, where `/`, `..`, `?`, `#`
 * or `%` would reach another resource.
 */

/** The longest registration number accepted (characters, surrounding spaces not counted). */
export const REGISTRATION_NUMBER_MAX = 32;

/** The whole number: starts and ends with a letter or digit; space, hyphen and dot only in between. */
export const REGISTRATION_NUMBER_PATTERN = `^[A-Za-z0-9](?:[A-Za-z0-9 .-]{0,${REGISTRATION_NUMBER_MAX - 2}}[A-Za-z0-9])?$`;
const PATTERN = new RegExp(REGISTRATION_NUMBER_PATTERN);
/** As a form field takes it: surrounding spaces, or empty (nothing typed yet). */
export const REGISTRATION_NUMBER_FIELD_PATTERN = `^ *(?:${REGISTRATION_NUMBER_PATTERN.slice(1, -1)})? *$`;

/** What a person reads when a registration number is refused. */
export const REGISTRATION_NUMBER_MESSAGE =
  `must be a registration number: letters, digits, and spaces, hyphens or dots between them, at most ${REGISTRATION_NUMBER_MAX} characters`;

/** True when `value` (surrounding spaces ignored) is a registration number. */
export function isRegistrationNumber(value: string): boolean {
  return PATTERN.test(value.trim());
}
