/** Set by vite.config.ts: true only in `npm run build:local`, which adds the /local sandbox user picker. */
declare const __LOCAL_BUILD__: boolean;
