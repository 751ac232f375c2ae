// Values vite.config.ts fixes at build time (`define`).

/** The origins besides the page's own that ?scenario= may fetch from (SCENARIO_ORIGINS). */
declare const __SCENARIO_ORIGINS__: string[];
