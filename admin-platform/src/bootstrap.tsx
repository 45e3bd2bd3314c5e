// Runs this remote alone in development (`pnpm dev`); the shell imports ./app instead.
import { renderStandalone } from '@tdk/shared-ui';
import App from './app';

renderStandalone(App, __BASE_PATH__);
