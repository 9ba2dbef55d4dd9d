import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  // The PWA plugin's virtual module exists only in an app build; tests get a stand-in (see the file).
  resolve: { alias: { 'virtual:pwa-register': fileURLToPath(new URL('src/test/pwaRegister.ts', import.meta.url)) } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // Repository tests talk to the Firestore emulator; they run in the root emulator project.
    exclude: ['src/**/*.emulator.test.ts'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
  },
});
