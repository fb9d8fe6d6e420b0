// The player as every sign-in answer describes them (§3, §6, §7 token sign-in): permissions,
// group and type for the menu's can-see check, and what the shell shows of them.
import type { SignInUser } from '@reelcast/protocol/http';
import { readUserSettings } from '@reelcast/protocol/user-settings';
import type { Player } from './repository';

export function signInUser(player: Player): SignInUser {
  return {
    Permissions: player.permissions.map((id) => ({ PermissionId: id })),
    Group: player.group,
    type: player.type,
    displayName: player.displayName ?? `${player.name} ${player.lastname}`.trim(),
    photoURL: player.photoUrl,
    shortcuts: player.shortcuts,
    settings: readUserSettings(player.settings),
  };
}
