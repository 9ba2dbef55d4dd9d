/** The dashboard greeting's name: profile full name, then auth display name, then the email's local part, else 'User'. */
export function displayName(
  profileFullName: string | null | undefined,
  authDisplayName: string | null | undefined,
  email: string | null | undefined,
): string {
  for (const candidate of [profileFullName, authDisplayName]) {
    const trimmed = candidate?.trim();
    if (trimmed) return trimmed;
  }
  const local = email?.split('@')[0]?.trim();
  return local || 'User';
}
