/** displayName = firstName + " " + lastName, trimmed when a part is missing. */
export function displayNameOf(user: { firstName?: string | null; lastName?: string | null }): string {
  return [user.firstName, user.lastName]
    .filter((part): part is string => Boolean(part && part.trim()))
    .join(' ')
    .trim();
}

/** Initials for the avatar: from the display name, or from the email when there is no name. */
export function initialsOf(user: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const name = displayNameOf(user);
  if (name) {
    return name
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .toUpperCase();
  }
  const local = (user.email ?? '').split('@')[0] ?? '';
  return Array.from(local).slice(0, 2).join('').toUpperCase();
}
