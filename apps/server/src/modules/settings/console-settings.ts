// The §9 settings an admin sets from the console (issue #21): each value checked as the file's
// would be (a refusal answers 40000 with why and stores nothing), stored in the database in one
// transaction with its audit entry, then handed to the SettingsStore at once, so /Settings.json
// and the server's own readers (FPS, COUNTDOWN_START, WEBCAM, VIDEO_BANDS …) use it from the next
// read. Other instances pick it up on their next load (every CONSOLE_SETTINGS_RELOAD_MS).
import { ErrorCode } from '@reelcast/protocol/codes';
import type { ConsoleSetting, SettingKey } from '@reelcast/protocol/console-settings';
import { checkSettings } from '@reelcast/protocol/settings';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { settingsRepository } from './repository';
import type { SettingsStore } from './settings-store';

/** How often an instance reads the console's settings again, for changes made on another. */
export const CONSOLE_SETTINGS_RELOAD_MS = 10_000;

/** What the audit log keeps of a key before and after a change. */
export interface SettingState {
  value: unknown;
  source: ConsoleSetting['source'];
}

export type RecordChange = (tx: Tx, before: SettingState, after: SettingState) => Promise<void>;

export class ConsoleSettings {
  /** reads of the console layer started so far (load) */
  private reads = 0;

  constructor(
    private readonly db: Db,
    private readonly store: SettingsStore,
  ) {}

  /** Reads the console's layer into the store: at start, after each change, and on a timer. */
  async load(): Promise<void> {
    // Reads can finish out of order (the periodic reload beside a write's): only the latest
    // started is laid, so an older read never undoes a change just answered as in force.
    const read = ++this.reads;
    const values = await settingsRepository.all(this.db);
    if (read === this.reads) this.store.useConsoleLayer(values);
  }

  /** Every §9 key in the order of the defaults: the value in force, its default, its source. */
  list(): ConsoleSetting[] {
    return (Object.keys(settingsDefaults) as SettingKey[]).map((key) => this.describe(key));
  }

  describe(key: SettingKey): ConsoleSetting {
    const { source, console } = this.store.sourceOf(key);
    return {
      key,
      value: this.store.current()[key],
      default: settingsDefaults[key],
      source,
      updatedBy: console?.updatedBy ?? null,
      updatedAt: console?.updatedAt.toISOString() ?? null,
    };
  }

  /** Sets the console's value of `key`, or throws 40000 naming why the value does not fit. */
  async set(key: SettingKey, value: unknown, by: string, record: RecordChange) {
    const laid = this.laid(key, value);
    await this.db.transaction(async (tx) => {
      await settingsRepository.lock(tx);
      const before = await this.stateIn(tx, key);
      await settingsRepository.put(tx, key, value, by);
      await record(tx, before, { value: laid, source: 'console' });
    });
    await this.load();
    return this.describe(key);
  }

  /** Drops the console's value of `key`: the file's, else the default, is in force again. */
  async reset(key: SettingKey, record: RecordChange) {
    await this.db.transaction(async (tx) => {
      await settingsRepository.lock(tx);
      const before = await this.stateIn(tx, key);
      await settingsRepository.remove(tx, key);
      await record(tx, before, this.fileState(key));
    });
    await this.load();
    return this.describe(key);
  }

  /** `value` laid over the file's layer with the file's own check (COLORS, LAYOUT by member). */
  private laid(key: SettingKey, value: unknown): unknown {
    const { settings, rejected } = checkSettings({ [key]: value }, this.store.fromFile());
    const refusal = rejected[0];
    if (refusal) {
      throw new AppError(
        ErrorCode.invalidRequest,
        400,
        { key, detail: refusal.reason },
        `${key}: ${refusal.reason}`,
      );
    }
    return settings[key];
  }

  /** The key as the database says it is now, inside the change's transaction. */
  private async stateIn(tx: Tx, key: SettingKey): Promise<SettingState> {
    const row = await settingsRepository.byKey(tx, key);
    if (!row) return this.fileState(key);
    const { settings, rejected } = checkSettings({ [key]: row.value }, this.store.fromFile());
    return rejected.length ? this.fileState(key) : { value: settings[key], source: 'console' };
  }

  private fileState(key: SettingKey): SettingState {
    return { value: this.store.fromFile()[key], source: this.store.fileSourceOf(key) };
  }
}
