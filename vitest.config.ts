import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Worker-thread and child-process tests share 2 cores; run files one at a time for stable timing.
    fileParallelism: false,
  },
});
