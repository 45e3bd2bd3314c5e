import { defineConfig } from 'vitest/config';
import { frontendTestConfig } from '../tooling/vitest/frontend.mjs';

export default defineConfig(frontendTestConfig);
