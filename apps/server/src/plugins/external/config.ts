// What the operator configured, first because every other plugin reads it: the environment
// (parsed once by loadConfig), the /Settings.json file laid over the §9 defaults, and the floor
// file, checked before anything starts so a bad one stops the start naming the file.
import type { FloorFile } from '@reelcast/protocol/floor';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { readFloorFile } from '../../db/floor-file';
import { SettingsStore } from '../../modules/settings/settings-store';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** /Settings.json: the operator's file over the §9 defaults, re-read when it changes */
    settings: SettingsStore;
    /** the floor file as read at start: brands, machines, their games and looks */
    floorFile: FloorFile;
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const floorFile = readFloorFile(config.FLOOR_FILE);
    const settings = new SettingsStore(config.SETTINGS_FILE, config.ICE_SERVERS, app.log);
    app.decorate('config', config);
    app.decorate('settings', settings);
    app.decorate('floorFile', floorFile);
  },
  { name: 'config' },
);
