// Entrance screens' names without zod (the member page's chunk stays small), issue 47.

/** The header an entrance screen sends its key in. */
export const kioskKeyHeader = 'kiosk-key';
/** A rotating code changes every 30 seconds and is refused once older than 60 seconds. */
export const codeRotationSeconds = 30;
export const codeMaxAgeSeconds = 60;
/** The short address a screen's QR opens (served by the member page): `<site>/m/in/<code>`. */
export const checkInPathPrefix = '/m/in/';
/** A member's own check-in code starts with this, so a scanner's text is recognised. */
export const memberCodePrefix = 'LM1.';
