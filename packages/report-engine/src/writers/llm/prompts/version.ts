/**
 * Version of the prompt set as a whole. Stored with each generated report so a section written
 * by one prompt version can be told apart from one written by another. Bump on any wording change
 * (each section file carries its own version too).
 */
export const PROMPT_VERSION = '2.1.0';
