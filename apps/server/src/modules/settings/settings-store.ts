// The operator's settings file laid over the §9 defaults and checked key by key with the protocol
// schema. Re-read whenever the file changes (size or mtime), so an edit needs no rebuild or
// restart; the CSP reads the same settings for the live-chat provider's origins.
import { readFileSync, statSync } from 'node:fs';
import { type CheckedSettings, checkSettings } from '@reelcast/protocol/settings';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import type { FastifyBaseLogger } from 'fastify';

export type ServedSettings = CheckedSettings['settings'];

export class SettingsStore {
  private stamp = '';
  private cached: ServedSettings;

  constructor(
    private readonly file: string | undefined,
    private readonly iceServers: NonNullable<ServedSettings['ICE_SERVERS']>,
    /** where skipped keys and unreadable files are reported */
    private readonly log: FastifyBaseLogger | null = null,
  ) {
    this.cached = this.base();
  }

  private base(): ServedSettings {
    return { ...settingsDefaults, ICE_SERVERS: this.iceServers };
  }

  /** The settings now in force; cheap when the file has not changed (one stat). */
  current(): ServedSettings {
    const log = this.log;
    if (!this.file) return this.cached;
    let stamp: string;
    try {
      const stat = statSync(this.file);
      stamp = `${stat.size}:${stat.mtimeMs}`;
    } catch (err) {
      if (this.stamp !== 'missing') log?.warn({ err, file: this.file }, 'settings file unreadable');
      this.stamp = 'missing';
      this.cached = this.base();
      return this.cached;
    }
    if (stamp === this.stamp) return this.cached;
    this.stamp = stamp;
    let overrides: unknown;
    try {
      overrides = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch (err) {
      log?.warn({ err, file: this.file }, 'settings file is not JSON, serving the defaults');
      this.cached = this.base();
      return this.cached;
    }
    const { settings, rejected } = checkSettings(overrides, this.base());
    for (const { key, reason } of rejected) {
      log?.warn({ file: this.file, key, reason }, 'settings key skipped, its default is served');
    }
    this.cached = settings;
    return settings;
  }
}
