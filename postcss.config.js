export default {
  plugins: { tailwindcss: { config: './tailwind.config.ts' }, autoprefixer: {} },
};
