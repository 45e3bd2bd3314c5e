import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The hero video is committed, encoded (tooling/media/render-hero-video.mjs): each file stays light.
describe('hero video files', () => {
  it.each(['hero-loop.webm', 'hero-loop.mp4'])('%s is under 400 KB', (name) => {
    const bytes = statSync(path.join(import.meta.dirname, 'media', name)).size;
    expect(bytes).toBeGreaterThan(1024);
    expect(bytes).toBeLessThan(400 * 1024);
  });
});
