/**
 * The emulator seeds every project with the imported demo data, so a test project that needs an
 * empty database (a collection-group query, say) clears its own copy first.
 */
export async function clearFirestoreProject(projectId: string): Promise<void> {
  const host = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
  const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  if (!res.ok) throw new Error(`Could not clear ${projectId}: ${res.status} ${await res.text()}`);
}
