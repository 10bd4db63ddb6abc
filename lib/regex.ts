/** Text matched literally inside a regular expression (MongoDB `$regex` included). */
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
