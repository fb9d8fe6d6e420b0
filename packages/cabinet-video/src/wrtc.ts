// @roamhq/wrtc is CommonJS with ES-style typings; load it through require so both agree.
import { createRequire } from 'node:module';

export const wrtc = createRequire(import.meta.url)('@roamhq/wrtc') as typeof import('@roamhq/wrtc');
