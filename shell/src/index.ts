// The async boundary: shared singletons are negotiated before any of them is imported. The chunk
// is named so the build can preload it from index.html (tooling/rspack BootPreloadPlugin).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
