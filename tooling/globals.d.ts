// Values the shared rspack configuration defines at build time.
declare const __BUILD_ID__: string;
declare const __REMOTE_NAME__: string;
declare const __BASE_PATH__: string;

// Asset files imported by the frontends resolve to their URL (rspack asset/resource).
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.webm' {
  const url: string;
  export default url;
}
declare module '*.mp4' {
  const url: string;
  export default url;
}
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.svg?inline' {
  /** A data: URL of the picture. */
  const url: string;
  export default url;
}
