import { defineConfig } from 'vite';

export default defineConfig({
  // React's automatic JSX runtime (what @vitejs/plugin-react sets up, without its dev-only fast refresh).
  oxc: { jsx: { runtime: 'automatic' } },
});
