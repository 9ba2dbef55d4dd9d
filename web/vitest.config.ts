import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // Repository tests talk to the Firestore emulator; they run in the root emulator project.
    exclude: ['src/**/*.emulator.test.ts'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
  },
});
