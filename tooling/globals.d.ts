// Values the shared rspack configuration defines at build time.
declare const __BUILD_ID__: string;
declare const __REMOTE_NAME__: string;
declare const __BASE_PATH__: string;
