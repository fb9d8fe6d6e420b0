// The §9 settings an admin sets from the console, over the defaults and the operator's file: read
// into the SettingsStore before any other service starts, and again every few seconds for changes
// another instance made (this instance's own changes are in force at once).
import fp from 'fastify-plugin';
import {
  CONSOLE_SETTINGS_RELOAD_MS,
  ConsoleSettings,
} from '../../modules/settings/console-settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** the console's layer of the settings: listed, set and reset by the back office */
    consoleSettings: ConsoleSettings;
  }
}

export default fp(
  async (app) => {
    const consoleSettings = new ConsoleSettings(app.database.db, app.settings);
    await consoleSettings.load();
    app.decorate('consoleSettings', consoleSettings);
    const reload = setInterval(() => {
      consoleSettings
        .load()
        .catch((err) => app.log.warn({ err }, "the console's settings were not read again"));
    }, CONSOLE_SETTINGS_RELOAD_MS);
    reload.unref();
    app.addHook('onClose', async () => clearInterval(reload));
  },
  { name: 'console-settings', dependencies: ['config', 'database'] },
);
