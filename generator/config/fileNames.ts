/** Looked for in the working folder, in this order, when no config is named. */
export const CONFIG_FILE_NAMES = ['hermes.config.ts', 'hermes.config.mts', 'hermes.config.js', 'hermes.config.mjs', 'hermes.config.cjs', 'hermes.config.json'];
