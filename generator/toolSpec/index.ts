export * from './schema';
export { defineConfig, defineTool, defineTools } from './define';
