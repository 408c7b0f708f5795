// Member page links (issue 37) open a member's page to whoever holds them: kept texts and logs hold
// them masked (issue 45, point 7).

/** What a kept or logged text holds where a member link's token was. */
export const linkMask = '[link]';

/**
 * Every form a member link's token takes in a path, masked: `/m/<token>`, `//m/`, `/app/m/`,
 * `/%6D/` (an encoded m), `%2F` for a slash, an upper-case M.
 */
const linkPath = /(?:\/|%2f)+(?:m|%[46]d)(?:\/|%2f)+[^/?#&\s"'<>]+/gi;
/** The member token as a query value however it is spelled: memberToken, member-token, member_token. */
const memberTokenQuery = /([?&;](?:member[-_]?)token=)[^&#\s"'<>]*/gi;

/** A text (a mail, a provider's error) with member links' tokens masked; other links are kept. */
export const maskMemberLinks = (text: string) =>
  text.replace(linkPath, `/m/${linkMask}`).replace(memberTokenQuery, `$1${linkMask}`);
