import { fileURLToPath } from 'node:url';

/** @type {import('next').NextConfig} */
export default {
  reactStrictMode: true,
  poweredByHeader: false,
  // Next, React and TypeScript are devDependencies of the repository two folders up (this
  // folder, or the test's copy in `.tmp/`): Turbopack must see that node_modules.
  turbopack: { root: fileURLToPath(new URL('../..', import.meta.url)) },
};
