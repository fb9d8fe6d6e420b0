// The settings in force, in three layers checked key by key with the protocol schema: the §9
// defaults, then the operator's SETTINGS_FILE, then the values an admin set in the console (kept
// in the database, handed over by console-settings.ts). The file is re-read whenever it changes
// (size or mtime), so an edit needs no rebuild or restart; the console's layer is replaced the
// moment it is written. The CSP reads the same settings for the live-chat provider's origins.
import { readFileSync, statSync } from 'node:fs';
import type { SettingSource } from '@reelcast/protocol/console-settings';
import { type CheckedSettings, checkSettings } from '@reelcast/protocol/settings';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import type { FastifyBaseLogger } from 'fastify';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export type ServedSettings = CheckedSettings['settings'];

/** One value an admin set in the console, as the database keeps it. */
export interface ConsoleValue {
  key: string;
  value: unknown;
  updatedBy: string | null;
  updatedAt: Date;
}

export class SettingsStore {
  private stamp = '';
  /** the defaults with the file over them */
  private fileLayer: ServedSettings;
  /** keys the file set and that passed their check */
  private fileKeys = new Set<string>();
  private consoleValues = new Map<string, ConsoleValue>();
  /** keys of the console's layer that passed their check (a stored value may fail after an upgrade) */
  private consoleKeys = new Set<string>();
  /** all three layers; null once a layer under it changed */
  private cached: ServedSettings | null = null;

  constructor(
    private readonly file: string | undefined,
    private readonly iceServers: NonNullable<ServedSettings['ICE_SERVERS']>,
    /** where skipped keys and unreadable files are reported */
    private readonly log: FastifyBaseLogger | null = null,
  ) {
    this.fileLayer = this.base();
  }

  private base(): ServedSettings {
    return { ...settingsDefaults, ICE_SERVERS: this.iceServers };
  }

  /** The settings now in force; cheap when nothing has changed (one stat of the file). */
  current(): ServedSettings {
    this.readFile();
    if (this.cached) return this.cached;
    const values = Object.fromEntries([...this.consoleValues].map(([k, v]) => [k, v.value]));
    const { settings, rejected } = checkSettings(values, this.fileLayer);
    for (const { key, reason } of rejected) {
      this.log?.warn({ key, reason }, "the console's value of a setting fails its check, skipped");
    }
    const skipped = new Set(rejected.map((r) => r.key));
    this.consoleKeys = new Set([...this.consoleValues.keys()].filter((k) => !skipped.has(k)));
    this.cached = settings;
    return settings;
  }

  /** The defaults and the file without the console: what a console value is laid over. */
  fromFile(): ServedSettings {
    this.readFile();
    return this.fileLayer;
  }

  /** The console's layer as the database now holds it; in force from the next read. */
  useConsoleLayer(values: readonly ConsoleValue[]): void {
    this.consoleValues = new Map(values.map((v) => [v.key, v]));
    this.cached = null;
  }

  /** Where the value in force of `key` comes from, and the console's value when it is that. */
  sourceOf(key: string): { source: SettingSource; console: ConsoleValue | null } {
    this.current();
    const value = this.consoleKeys.has(key) ? this.consoleValues.get(key) : undefined;
    return value
      ? { source: 'console', console: value }
      : { source: this.fileSourceOf(key), console: null };
  }

  /** Where the value of `key` would come from without the console. */
  fileSourceOf(key: string): 'file' | 'default' {
    this.readFile();
    return this.fileKeys.has(key) ? 'file' : 'default';
  }

  /** Lays the file over the defaults again when it changed since the last read. */
  private readFile(): void {
    const log = this.log;
    if (!this.file) return;
    let stamp: string;
    try {
      const stat = statSync(this.file);
      stamp = `${stat.size}:${stat.mtimeMs}`;
    } catch (err) {
      if (this.stamp !== 'missing') {
        log?.warn({ err, file: this.file }, 'settings file unreadable');
        this.useFileLayer(this.base(), []);
      }
      this.stamp = 'missing';
      return;
    }
    if (stamp === this.stamp) return;
    this.stamp = stamp;
    let overrides: unknown;
    try {
      overrides = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch (err) {
      log?.warn({ err, file: this.file }, 'settings file is not JSON, serving the defaults');
      this.useFileLayer(this.base(), []);
      return;
    }
    const { settings, rejected } = checkSettings(overrides, this.base());
    for (const { key, reason } of rejected) {
      log?.warn({ file: this.file, key, reason }, 'settings key skipped, its default is served');
    }
    const skipped = new Set(rejected.map((r) => r.key));
    const keys = isRecord(overrides) ? Object.keys(overrides).filter((k) => !skipped.has(k)) : [];
    this.useFileLayer(settings, keys);
  }

  private useFileLayer(settings: ServedSettings, keys: string[]): void {
    this.fileLayer = settings;
    this.fileKeys = new Set(keys);
    this.cached = null;
  }
}
