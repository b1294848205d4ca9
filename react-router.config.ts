import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src',
  ssr: true,
  // Every page is server-rendered; the Express server in src/server/storefront.mjs serves the build.
  buildDirectory: 'build',
} satisfies Config;
