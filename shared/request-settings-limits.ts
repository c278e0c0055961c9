// Zod-free, so a screen that shows these numbers does not load the schema module with them.

/** The longest ask window: a year. */
export const ASK_WINDOW_MAX_DAYS = 365;

/** The second reminder, when the owner turns it on, comes after this many days unless they choose. */
export const SECOND_REMINDER_DEFAULT_DAYS = 7;
