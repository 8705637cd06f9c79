import { z } from 'zod';

// Apart from the sign-in schemas (auth.ts), which the sign-in page loads: it has no use for these.

/** The languages of the user area: English (the original app's texts, and the default) and Hindi. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

export const SetLanguageInput = z.object({ language: z.enum(LANGUAGES, { error: 'Choose English or Hindi.' }) });
export type SetLanguageInput = z.infer<typeof SetLanguageInput>;
